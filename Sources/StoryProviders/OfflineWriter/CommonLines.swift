/// Lines every story may use, whatever its shape: the hello and the companion on the first page,
/// the way to bed on the last, and fillers (the sky over the place, the companion, feelings) that
/// bring a page to its length. Every line names someone or the place, so none reads the same
/// across many families' stories.
enum CommonLines {
    typealias L = StoryWorld.Lines

    static let hello = L(
        short: ["This is {hero}.", "Here is {hero}.", "Meet {hero}.", "Look, it's {hero}!", "Say hello to {hero}.",
                "Hello, {hero}!", "{hero} was {trait}."],
        long: ["Once upon a time there was a child called {hero}, who was {trait}.",
               "There was once someone called {hero}, who was {trait} and full of questions.",
               "Once upon a time, not so very long ago, there lived {hero}, who was {trait}.",
               "This is {hero}, who was {trait} and loved little adventures more than anything."])

    static let friend = L(
        short: ["{hero} had {aFriendKind} called {friendProper}.", "{friend} came too.", "{hero} went with {friend}.",
                "{friendGrown} held {hero}'s hand."],
        long: ["{hero}'s friend {friendProper}, {aFriendKind} who was {friendTrait}, came along too.",
               "{friend}, who was {friendTrait}, came along, as {friend} always did.",
               "{friendGrown} came along too, with a big bag of snacks and an even bigger smile.",
               "Close beside {hero}, as always, was {friend}."])

    /// The companion when it came from the theme: always says what it is ("a little penguin").
    static let friendKind = L(
        short: ["{hero} had {aFriendKind} called {friendProper}.", "{friendProper} was {aFriendKind}.",
                "{hero}'s friend was {aFriendKind} called {friendProper}."],
        long: ["{hero}'s friend {friendProper}, {aFriendKind} who was {friendTrait}, came along too.",
               "Beside {hero} was {friendProper}, {aFriendKind} who was {friendTrait}.",
               "{friendProper} came too: {aFriendKind}, and {friendTrait} with it."])

    /// A place of the theme that has no world of its own ("a museum", "the zoo"): said, on the first page.
    static let themePlace = L(
        short: ["Today they went to {themePlace}.", "{hero} went to {themePlace}.", "Off they went to {themePlace}.",
                "{hero} was off to {themePlace}.", "It was a day for {themePlace}."],
        long: ["Today was the day for a visit to {themePlace}, and {hero} could hardly wait.",
               "{hero} had been looking forward to {themePlace} all week long.",
               "The plan for the day was {themePlace}, and nothing could have been better."])

    /// A grown-up of the theme who is not the companion.
    static let grown = L(
        short: ["{grown} came too.", "{grown} came along, smiling.", "{grown} was there too."],
        long: ["{grown} came along too, with a big bag of snacks and an even bigger smile.",
               "{grown} walked beside them, pointing out all the best things.",
               "{grown} came too, because some days are better shared."])

    /// A person of the theme ("a little brother", "a knight").
    static let person = L(
        short: ["{aPersonCap} came too.", "{hero} met {aPerson}.", "{aPersonCap} waved hello."],
        long: ["{aPersonCap} came along as well, which made everything twice as exciting.",
               "On the way, {hero} met {aPerson}, who waved a cheerful hello and came along.",
               "{aPersonCap} joined them too, eager to see everything."])

    /// Ways into any place, besides the place's own.
    static let arrive = L(
        short: ["Off went {we}, {toPlace}.", "Away went {we}, {toPlace}!", "{we} set off {toPlace}."],
        long: ["{we} set off {toPlace}, and it was even better than they had imagined.",
               "It did not take long to get {toPlace}, and {hero} felt a fizz of excitement all the way.",
               "Hand in hand with the afternoon, {we} went {toPlace}, looking at everything."])

    /// Ways home from any place, besides the place's own.
    static let leave = L(
        short: ["Then it was time to go home.", "Then {we} waved goodbye to {place} and went home.", "Home they went, slow and sleepy."],
        long: ["When the light began to fade, {we} said goodbye to {place} and set off home, tired and happy.",
               "At last it was time to go, so {we} waved goodbye to {place} and headed home for bed."])

    static let bedtime = L(
        short: ["{hero} got into bed at {home}.", "{hero} snuggled into bed.", "{hero} put on pyjamas and hopped into bed.",
                "At {home}, {hero} climbed into bed.", "{hero} found a cosy bed at {home}.", "{hero} brushed teeth and got into bed.",
                "Into bed went {hero}, snug and warm.", "{hero} had a bath and climbed into bed.", "Soon {hero} was snug in bed."],
        long: ["Back at {home}, {hero} had a warm drink, put on soft pyjamas and climbed into bed.",
               "At {home}, {hero} slid under the blanket, warm and heavy-eyed, thinking over the day.",
               "Soon {hero} was tucked up in bed at {home}, with the blanket pulled right up to the chin.",
               "At {home}, {hero} washed, brushed teeth, put on pyjamas with stars on them and climbed into bed.",
               "By the time they reached {home}, {hero} was yawning, and bed felt like the best idea in the world.",
               "Warm and clean and sleepy, {hero} climbed into bed at {home} and wriggled down under the covers."])

    /// The companion at bedtime: a grown-up tucks the child in, reads and kisses goodnight; a pet
    /// curls up; a child friend whispers goodnight.
    static let tuckIn = L(
        short: ["{friendGrown} tucked {hero} in.", "{friendGrown} gave {hero} a goodnight kiss.", "{friendGrown} read {hero} a story.",
                "{friendPet} snuggled close.", "{friendPet} curled up at the foot of the bed.",
                "{friendChild} whispered, \"Goodnight!\"", "{friendChild} yawned a big yawn."],
        long: ["{friendGrown} tucked the blanket in all around and gave {hero} a goodnight kiss.",
               "{friendGrown} read one last story, very softly, and kissed {hero} goodnight.",
               "{friendGrown} sat on the edge of the bed and stroked {hero}'s hair until {hero}'s eyes closed.",
               "{friendPet} curled up nearby, already breathing in slow, soft puffs.",
               "{friendPet} snuggled close and gave one last enormous yawn.",
               "{friendChild} whispered goodnight from the other pillow, already half asleep."])

    /// The companion at bedtime, as a filler.
    static let bedFriend = L(
        short: ["{friendPet} {friendSound}.", "{friendPet} gave a sleepy sigh.", "{friendGrown} turned the light down low.",
                "{friendGrown} smiled at {hero}.", "{friendChild} gave a sleepy smile."],
        long: ["{friendGrown} hummed an old, soft song, the one {hero} liked best.",
               "{friendGrown} left the door open just a crack, so a stripe of warm light lay across the floor.",
               "{friendPet} gave a sleepy little sigh and settled down, warm and heavy.",
               "Every so often, {friendPet} {friendSound} in its sleep.",
               "{friendChild} was already breathing slowly, in and out."])

    static let goodnight = L(
        short: ["Goodnight, {gn1}, and goodnight, {gn2}.", "{hero} said goodnight to the {gn1} and the {gn2}.",
                "Goodnight, {gn1}, goodnight, {gn2}, goodnight, {hero}.", "{hero} waved goodnight to the {gn1}."],
        long: ["{hero} whispered goodnight to {gnKey}, to the {gn1} and to the {gn2}.",
               "Far away, the {gn1} and the {gn2} settled down to sleep as well."])

    static let sleep = L(
        short: ["{hero} closed their eyes and fell fast asleep.", "And {hero} fell fast asleep.", "Soon {hero} was fast asleep.",
                "{hero} yawned and went to sleep.", "Sleep tight, {hero}, sleep tight.", "Shh, {hero} was asleep."],
        long: ["With one last yawn, {hero} closed their eyes and drifted off to sleep.",
               "{hero} closed their eyes, and was asleep before the next breath.",
               "And {hero} drifted off into a deep and peaceful sleep, dreaming of {place}.",
               "{hero}'s eyes closed slowly, like curtains at the end of a play, and sleep came softly in.",
               "Before the night-light had finished its first glow, {hero} was fast asleep and dreaming.",
               "One more yawn, one more wriggle, and {hero} was asleep, smiling a small, sleepy smile."])

    /// Extra meetings and sights that stretch a long story, one per extra page.
    static let wander: [L] = [
        L(short: ["{we} passed {sight4}.", "Look, {hero}, {sight4}!"],
          long: ["Along the way, {we} passed {sight4}, and stopped to look for a while.",
                 "On they went {inPlace}, past {sight4}, which made {hero} smile."]),
        L(short: ["{we} rested {spot4}.", "{we} sat down {spot4} for a snack."],
          long: ["{we} rested {spot4} and shared a snack, listening to the sounds {inPlace}.",
                 "They sat down {spot4} for a little rest, and {hero} felt happy all over."]),
        L(short: ["{we} saw {sight5}.", "Ooh, {hero} saw {sight5}!"],
          long: ["Then {we} found {sight5}, which nobody had ever mentioned, and that made it even better.",
                 "A little further on there was {sight5}, and {hero} decided it was a good sign."]),
        L(short: ["{we} played {spot5}.", "{we} danced {spot5}."],
          long: ["For a while {we} played {spot5}, laughing and making up a silly game.",
                 "{spot5Cap} {we} made up a dance, which was mostly wiggling and twirling."]),
        L(short: ["{hero} found {sight2}.", "{hero} waved at {sight3}."],
          long: ["{hero} stopped to look closely at {sight2}, because small things are often the most interesting.",
                 "They took the long way round, past {sight3}, just because it was lovely."]),
    ]

    // MARK: - Keeping the theme on the page

    /// For a page that would not mention the theme's thing: it is there, carried along.
    static let keepsake = L(
        short: ["{hero} held {theKey} tight.", "{theKey} came along too.", "{hero} kept {theKey} safe.",
                "{hero} looked at {theKey} and smiled.", "{friend} looked after {theKey} for a while.",
                "{hero} showed {theKey} to {friend}.", "{hero} checked on {theKey}.", "{theKey} was safe with {hero}.",
                "{hero} gave {theKey} a little pat."],
        long: ["{hero} kept {theKey} close the whole way, just in case it was needed.",
               "Every now and then, {hero} checked that {theKey} was still safe.",
               "{friend} carried {theKey} for a while, very carefully, as if it were made of glass.",
               "{hero} held {theKey} up so that it could see {place} too.",
               "{hero} told {theKey} all about {place}, in a whisper, the way you tell a secret.",
               "Whenever they stopped, {hero} made sure {theKey} was still there, snug and safe.",
               "{theKey} went everywhere {hero} went, as it always did on special days.",
               "{hero} carried {theKey} very carefully, because it was far too special to lose."])

    /// For a page where the theme's thing is lost: it is missed.
    static let missing = L(
        short: ["Where could {theKey} be?", "{hero} thought about {theKey}.", "{hero} missed {theKey}.",
                "{hero} wished for {theKey}.", "{hero} looked for {theKey} everywhere.", "{hero} hoped {theKey} was near."],
        long: ["{hero} kept thinking about {theKey}, and where it might be hiding.",
               "Wherever {theKey} was, {hero} hoped it was somewhere cosy.",
               "Every shiny thing made {hero} think of {theKey} for a moment."])

    /// For a page where the companion is the one lost: it is missed.
    static let missingFriend = L(
        short: ["Where could {lost} be?", "{hero} thought about {lost}.", "{hero} missed {lost}."],
        long: ["{hero} kept thinking about {lost}, and hoping {lost} was somewhere cosy.",
               "Every little sound made {hero} look round, in case it was {lost}.",
               "{hero} could almost hear {lost}, but it was only the sounds {inPlace}."])

    /// For a page that would not mention the theme's creature when it is the companion.
    static let companionHere = L(
        short: ["{friend} {friendMove}.", "{friend} {friendSound}.", "{friend} stayed close to {hero}.", "{friend} was right there too."],
        long: ["{friend} stayed close to {hero} the whole time, never more than a step away.",
               "Every so often, {friend} {friendSound}, which always made {hero} smile.",
               "{friend} {friendMove}, and {hero} laughed softly, because it was impossible not to."])

    /// For a page that would not mention the theme's creature when it is met on the way.
    static let critterHere = L(
        short: ["{theCritter} came along too.", "{theCritter} stayed close.", "{theCritter} was there too.",
                "{theCritter} followed along.", "{theCritter} peeked out to see.", "{hero} waved at {theCritter}."],
        long: ["{theCritter} came along as well, curious about everything.",
               "{theCritter} stayed close by, watching with bright, interested eyes.",
               "{theCritter} followed a few steps behind, stopping whenever {hero} stopped.",
               "Every time {hero} looked round, {theCritter} was there, as if it had always been part of the day.",
               "{theCritter} kept popping up in unexpected places, which made {hero} laugh."])

    // MARK: - Fillers

    static func sky(_ phase: StoryWorld.Phase) -> L {
        switch phase {
        case .day:
            L(short: ["The sun was warm over {place}.", "White clouds drifted over {place}.", "The sky over {place} was big and blue."],
              long: ["The afternoon sun was warm over {place}, and white clouds sailed across the sky like slow, friendly ships.",
                     "Sunlight slipped through everything it could find {inPlace}, making little pools of gold."])
        case .evening:
            L(short: ["The light {inPlace} turned soft and gold.", "The sun sank low over {place}.", "The sky over {place} turned pink."],
              long: ["The light {inPlace} was turning golden now, the honey-coloured light that makes everything look kind.",
                     "The sun hung low and lazy over {place}, as though it, too, was thinking about bed."])
        case .night:
            L(short: ["Stars came out over {place}.", "The moon rose over {place}.", "The sky over {place} grew dark and blue."],
              long: ["Dusk settled softly over {place}, turning the sky a deep, velvety blue with the first brave star.",
                     "The first stars peeped out over {place}, one by one, like sleepy eyes opening."])
        }
    }

    /// Something of the place seen on the way (its sights and spots differ from telling to telling).
    static let glimpse = L(
        short: ["{hero} spotted {sight4}.", "Look, {hero}, {sight5}!", "{hero} peeked {spot4}.", "{hero} saw {sight4} {spot5}.",
                "{hero} pointed at {sight5}."],
        long: ["On the way, {hero} spotted {sight4}, and stopped to look at it properly.",
               "{hero} peeked {spot4}, just in case something interesting was hiding there, and found {sight5}.",
               "Just ahead was {sight4}, and {hero} walked all the way round it, slowly, to see every side."])

    /// More about the place, in any world.
    static let placeFillers = L(
        short: ["{hero} loved it {inPlace}.", "There was so much to see {inPlace}.",
                "{hero} waved at {place}.", "{hero} peeked all around {place}.", "Everything {inPlace} felt new."],
        long: ["There was so much to see {inPlace} that {hero} hardly knew where to look first.",
               "{hero} decided that {place} was one of the most interesting places anywhere.",
               "Every corner of {place} seemed to hold a small surprise, if you looked carefully enough.",
               "The air {inPlace} smelled of adventures, {hero} decided, and of something sweet that had no name.",
               "{hero} stood still for a moment and listened to all the small, busy sounds {inPlace}.",
               "It seemed to {hero} that {place} had been waiting all day for someone to come and visit.",
               "{hero} noticed how the light {inPlace} changed a little with every step, as if it were following them.",
               "{hero} wanted to remember the shapes and the colours {inPlace}, so as to paint them tomorrow.",
               "Being {inPlace} made {hero} feel both very small and very lucky at the same time.",
               "{hero} thought that {place} looked different from every side, and better from each one.",
               "There were little things to notice everywhere {inPlace}, and {hero} tried not to miss any of them."])

    /// Quiet lines for the last page, in bed.
    static let bedFillers = L(
        short: ["{hero}'s pillow was soft.", "{hero} gave a big yawn.", "{hero} was warm and cosy.", "{hero}'s eyes felt heavy.",
                "{hero} thought about {place}.", "The night-light glowed for {hero}."],
        long: ["{hero} thought back over the whole day {inPlace}, one happy picture at a time.",
               "The blanket was warm and heavy, and {hero}'s eyes grew heavier still.",
               "Somewhere, far away, {place} was going to sleep too.",
               "The house was quiet, and {hero} listened to it settle, creak by gentle creak.",
               "The curtains moved a little in the breeze, and the night outside was soft and still.",
               "{hero}'s pillow was cool and soft, and it smelled of clean washing.",
               "A slice of moonlight lay across the blanket like a silver ribbon.",
               "{hero} counted three slow breaths, and by the third one was nearly asleep."])

    static let friendFillers = L(
        short: ["{friend} {friendMove}.", "{friend} {friendSound}.", "{friend} stayed close to {hero}.", "{friend} looked very pleased.",
                "{friend} held {hero}'s hand.", "{friend} gave a little wave."],
        long: ["{friend} pointed at everything, eager to share each new wonder with {hero}.",
               "Every so often, {friend} {friendSound}, which always made {hero} smile.",
               "{friend} {friendMove}, and {hero} laughed softly, because it was impossible not to.",
               "{friend} walked so close to {hero} that their shoulders bumped, which made them both giggle.",
               "{friend} pointed out things {hero} might have missed, like a shadow shaped like a rabbit.",
               "Now and then {hero} glanced at {friend}, and {friend} glanced back, and that was enough.",
               "{friend} had a way of finding the best places to stand and look, and {hero} followed happily.",
               "{friend} said something so funny that {hero} had to stop walking to laugh.",
               "{friend} stopped to look at everything twice, because once was never enough."])

    /// Feelings while something is being looked for: steady, never merry.
    static let searchingFeelings = L(
        short: ["{hero} kept going, step by step.", "{hero} listened carefully.", "{hero} looked around carefully.",
                "{hero} did not give up.", "{hero} looked high and low.", "{hero} thought hard."],
        long: ["{hero} kept going, one careful step at a time, looking and listening.",
               "{hero} looked high and low, and then low and high, just to be sure.",
               "{hero} remembered that the best way to look is slowly, so nothing gets missed.",
               "{hero} stopped to listen, because sometimes you can hear what you cannot see.",
               "{hero} checked every corner twice, because lost things love to hide in corners.",
               "{hero} thought about where they had been, one place at a time, like turning the pages of a book.",
               "{hero} did not give up, not even a little bit, because some things are worth looking for."])

    /// Feelings while something is wrong: steady, never merry.
    static let steadyFeelings = L(
        short: ["{hero} took a slow breath.", "{hero} stood up tall.", "{hero} felt a little wobbly inside.", "{hero} thought hard."],
        long: ["{hero} took a slow breath and told their worried tummy that things would be all right.",
               "{hero} felt a little worried, but a little brave as well, and the brave part was bigger.",
               "{hero} stood up tall, the way brave people do, even when they feel small inside.",
               "{hero} thought hard, because a good idea usually comes if you wait for it.",
               "{hero} counted slowly to five, and by five the wobbly feeling had become a little smaller.",
               "{hero} remembered that everybody feels unsure sometimes, even grown-ups, and that helped.",
               "{hero} wiggled their fingers and toes, which is a good way to shake off a worry."])

    /// The companion while something is wrong: close and helpful.
    static let steadyFriend = L(
        short: ["{friend} stayed close to {hero}.", "{friend} held {hero}'s hand.", "{friend} looked too.", "{friend} helped look."],
        long: ["{friend} squeezed {hero}'s hand, as if to say: we'll manage this together.",
               "{friend} looked carefully too, high and low, and did not say a single grumpy word.",
               "{friend} kept close beside {hero}, which made everything feel a little easier.",
               "{friend} said, very quietly, \"We can do this,\" and {hero} believed it.",
               "{friend} pointed out a few places they had not tried yet, which gave {hero} new hope.",
               "{friend} gave {hero} a small, brave smile, and {hero} smiled a small, brave smile back."])

    static let feelings = L(
        short: ["{hero} smiled a big smile.", "{hero} felt happy inside.", "{hero} hummed a quiet hum.", "{hero} wiggled happy toes.",
                "{hero} took a big, slow breath.", "{hero} gave a little yawn.", "{hero} did a little hop.", "{hero} clapped two happy claps.",
                "{hero} gave {friend} a smile.", "{hero} felt warm and glad."],
        long: ["{hero} felt the kind of calm that comes when nothing needs to be hurried.",
               "{hero} thought that this might be one of the nicest days they could remember.",
               "Somewhere inside, {hero} felt a warm, glowing feeling, like a lantern that had just been lit.",
               "{hero} tried to remember every little detail {inPlace}, to tell it all again tomorrow.",
               "{hero} breathed in slowly, then out even more slowly, and felt their shoulders soften.",
               "{hero} wondered about all sorts of things, like where the wind goes and whether clouds ever get tired.",
               "{hero} decided, quietly and firmly, that small adventures were the very best kind.",
               "It occurred to {hero} that the world was full of small, kind surprises, if you only slowed down enough to notice.",
               "{hero} felt brave and light and a little bit proud, the way you do after a good day.",
               "There was no rush at all, and {hero} thought that was the nicest part.",
               "{hero} hummed a little tune that had no words, only happiness in it.",
               "{hero} smiled so widely that their cheeks began to ache, in the nicest way.",
               "{hero} felt as if a little sun had come up somewhere inside.",
               "{hero} wished this part of the day could last a little longer.",
               "{hero} felt calm and curious and ready for whatever came next."])
}
