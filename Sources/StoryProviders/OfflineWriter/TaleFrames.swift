import StoryDomain

/// The sentence frames of each plot shape, beat by beat. Every alternative names something of the
/// theme (its action, object, place, trait or subject's kind), so two themes rarely share a
/// sentence; every alternative is a whole sentence in the past tense whose subject is a name, a
/// pair ("{both}" takes "were") or a noun with `{objWas}`, so no slot value breaks its grammar.
/// Slots: see ``TaleSlots``.
enum TaleFrames {
    typealias L = TaleLine

    /// The lines of `beat` in `shape` (bedtime is the same beat for every shape: ``bedtime``).
    static func lines(_ shape: PlotShape, _ beat: PlotBeat) -> [TaleLine] {
        if beat == .bedtime { return bedtime }
        let table: [PlotBeat: [TaleLine]] = switch shape {
        case .making: making
        case .journey: journey
        case .firstTime: firstTime
        case .fearMet: fearMet
        case .wishGranted: wishGranted
        case .helping: helping
        case .contest: contest
        case .puzzle: puzzle
        }
        return table[beat] ?? []
    }

    /// The toddler refrain of a shape, said on every middle page.
    static func refrain(_ shape: PlotShape) -> String {
        switch shape {
        case .making: "{verb}, {verb}, {verb}!|Here comes {theObj}!"
        case .journey: "Are we at {place} yet?"
        case .firstTime: "You can {learn}, {D}!|You can do it {firstPlace}!"
        case .fearMet: "Be brave, little {DWord}!|Be brave about {fear}!|Hush now, {awake} {D}!"
        case .wishGranted: "{wish}, {D}, {wish}!"
        case .helping: "We can help {needy}!"
        case .contest: "{verb}, {verb}, {verb}!"
        case .puzzle: "Where can {theObj} be?"
        }
    }

    static let making: [PlotBeat: [TaleLine]] = [
        .opening: [
            .all("{DIntro} wanted to {act}.", "{DIntro} wanted to {act} more than anything.",
                 "Today {DIntro} was going to {act}, and {D} could hardly wait.",
                 "{DIntro} had never tried {verbing} before, but today {D} was going to {act}."),
            .all("{P} came to help {DObj} {act}.", "\"I will help you {act},\" said {P}.",
                 "{P} came running to help with {theObj}."),
            .all("{D} had everything for {acting}.", "{theObj} would be the best one ever."),
            .grown("Everything for {acting} was ready {where}.", "{where}, {both} set out everything they needed for {theObj}."),
            .grown("But {D} did not know how to {act} yet.", "The only trouble was that {D} had never learned to {act}."),
            .older("{D} had watched others {act} many times, but watching is not at all the same as doing."),
        ],
        .firstTry: [
            .all("{D} tried to {act} all alone {where}.", "First, {D} tried {acting} {where} without any help.",
                 "{D} began {acting}, one careful step at a time."),
            .all("But {verbing} was harder than it looked.", "But {theObj} came out wobbly and wrong.",
                 "But {theObj} did not look right at all."),
            .grown("{D} frowned at {theObj} and scratched {DOwn} head.", "{D} frowned at {theObj} and tried to think.", "{DPos} first try at {verbing} was a bit of a muddle."),
            .older("Somehow there was more mess on {D} than on {theObj}.",
                   "{P} said it was a very interesting way to {act}, and that was a kind way to put it."),
        ],
        .helpTry: [
            .all("\"Let's {act} together,\" said {P}.", "{P} showed {D} a better way to {act}.",
                 "{P} had a good idea about {theObj}."),
            .all("{both} tried {acting} again {where}, slowly this time.", "This time {both} worked on {theObj} side by side {where}."),
            .grown("{theObj} looked better, but something was still missing.", "It was nearly right, but {theObj} still needed something."),
            .older("For a while {P} helped with {theObj} mostly by getting in the way, which made {D} laugh."),
        ],
        .extra: [
            .all("{D} fetched everything needed for {acting}.", "{D} counted everything for {theObj} twice, just to be sure."),
            .all("{P} hummed while {D} worked on {theObj}.", "Bit by bit, {theObj} began to take shape."),
            .grown("{D} took a little rest from {acting}, then got going again.", "{both} tidied up a little before {acting} some more."),
        ],
        .turn: [
            .all("Then {D} had an idea about {theObj}.", "Suddenly {D} knew just what {theObj} needed.",
                 "{D} remembered what {P} had said about {verbing}."),
            .all("{D} went back to {verbing}, gently and patiently, and this time it worked.",
                 "Slowly and carefully, {theObj} came right at last."),
            .older("{D} could rush to finish {theObj} alone, or wait for {P} to help."),
            .older("{D} chose to wait, because {verbing} together was the whole point."),
        ],
        .resolution: [
            .all("At last {theObj} {objWas} ready!", "Hooray, {D} had managed to {act} at last!"),
            .all("{D} smiled at {theObj}, warm and proud.", "{both} looked at {theObj} and grinned."),
            .grown("{both} admired {theObj} together {where}.", "\"We did it,\" said {D}, patting {theObj}."),
        ],
    ]

    static let journey: [PlotBeat: [TaleLine]] = [
        .opening: [
            .all("{DIntro} wanted to go {toPlace}.", "{DIntro} had always wanted to {goal}.", "Today {DIntro} was setting off {toPlace}."),
            .all("{P} packed a bag for the trip {toPlace}.", "\"I'll come {toPlace} with you,\" said {P}."),
            .all("{D} could not wait to see {place}.", "\"Let's go to {place},\" said {D}."),
            .grown("The way {toPlace} was long, longer than any walk {D} had ever taken.", "Nobody knew how far it was {toPlace}."),
            .older("{D} had drawn a map of the way {toPlace}, although the map was mostly arrows and one wobbly circle."),
            .all("{D} was going to {deed} {inPlace}.", "{D} set off to {deed} {inPlace}."),
        ],
        .firstTry: [
            .all("{both} set off on the way {toPlace}.", "Off went {both}, on the way {toPlace}."),
            .all("But halfway there, the path split in two, and nobody knew which way led {toPlace}.",
                 "{D} looked {spot1}, but that was not the way {toPlace}."),
            .grown("{D} wondered if they would ever {goal}.", "\"Which way do we go now?\" asked {D}, looking {spot2}."),
            .older("{P} was sure it was left, {D} was sure it was right, and the path to {place} went straight ahead."),
            .all("{D} could hardly wait to {deed}.", "All the way, {D} thought about how to {deed}."),
        ],
        .helpTry: [
            .all("{P} spotted a clever way {toPlace}.", "\"Follow me,\" said {P}, and led the way {toPlace}."),
            .all("{both} went {spot2}, then {spot3}.", "{both} kept going, past everything {inPlace}."),
            .grown("{D} grew tired, but it was not far to {place} now.", "{D} wanted to stop, but {place} lay just ahead."),
            .older("{P} announced that walking {toPlace} was good for the legs, and then sat down on a rock for a rest."),
            .all("\"Soon we can {deed},\" said {P}.", "\"We will {deed} soon,\" said {D}."),
        ],
        .extra: [
            .all("{both} stopped {spot1} for a little rest.", "There was so much to see on the way {toPlace}."),
            .all("{D} waved at everyone they met {inPlace}.", "{both} shared a snack {spot3} and went on."),
            .grown("The path wound round and round, all the way {toPlace}.", "{D} hummed a walking song about {place}."),
            .all("{both} talked about how they would {deed}.", "{D} could not stop thinking about how to {deed}."),
        ],
        .turn: [
            .all("Then, suddenly, there it was: {place}!", "Then {D} saw it, just ahead: {place}!"),
            .grown("{D} began to run, because {place} was right there.", "{D} forgot every tired step, because {place} felt so near."),
            .older("{D} could rush on {toPlace} alone, or wait for {P}, who had fallen a little behind."),
            .older("{D} waited, because going {toPlace} alone would be no fun."),
        ],
        .resolution: [
            .all("{both} had made it {toPlace}!", "{both} could {goal} at last."),
            .all("{D} looked all around {inPlace}, happy and still.", "{D} smiled at everything {inPlace}."),
            .grown("{D} sat down {spot3} with a long, happy smile.", "\"We really came {toPlace},\" said {D} softly."),
            .all("At last {D} could {deed}.", "{both} got to {deed} at last."),
        ],
    ]

    static let firstTime: [PlotBeat: [TaleLine]] = [
        .opening: [
            .all("{DIntro} was going to {learn} for the very first time.", "{DIntro} had never tried to {learn} before.",
                 "It was {DPos} very first time {firstPlace}.", "{DIntro} found everything {firstPlace} new and strange."),
            .all("{D} asked {P}, \"What if I can't {learn}?\"", "{D} asked {P}, \"What if nobody {firstPlace} likes me?\""),
            .all("{D} felt nervous about {new}.", "{D} felt a bit shy about {new}.", "Everything about {new} felt very big to {D}."),
            .grown("{P} promised to help {DObj} {learn}.", "{P} promised to stay close {firstPlace}."),
            .older("{D} had practised being brave about {new} in the mirror, which had gone very well for the mirror."),
        ],
        .firstTry: [
            .all("{D} tried to {learn} {where}, but it was all wobbly.", "{firstPlace}, everything was big and new.", "{firstPlace}, everything looked very big.",
                 "On the first try, {D} could not {learn} at all."),
            .all("{D} felt a small flutter of worry about {new}.", "{D} stood very still {firstPlace}, not sure where to go."),
            .grown("\"Everything is so new,\" whispered {D}, thinking about {new}.",
                   "{D} nearly wanted to give up on {new}."),
            .older("{D} tried to {learn} with great dignity, and lost the dignity almost at once.",
                   "{firstPlace}, {D} waved to a coat hook, thinking it was a friend."),
        ],
        .helpTry: [
            .all("{P} taught {D} to {learn}, step by step.", "{P} found {D} a friendly place to sit {firstPlace}."),
            .all("{D} tried to {learn} again, and it went a little better.", "{firstPlace}, someone smiled at {D}, and {D} smiled back.", "{D} waved to someone new {firstPlace}."),
            .grown("{D} still felt wobbly about {new}, but a little less.", "{D} was not so worried about {new} now."),
            .older("{P} showed how not to {learn} so badly, on purpose, that {D} could not stop giggling.",
                   "{P} pointed out that everybody {firstPlace} had a first day once, even the grown-ups."),
        ],
        .extra: [
            .all("{D} tried to {learn} again and again.", "{D} looked around {firstPlace} at all the new things."),
            .all("{P} clapped each time {D} tried to {learn}.", "{D} found a new friend {firstPlace}."),
            .grown("Little by little, {D} felt more at home with {new}.", "{D} learned where everything was {firstPlace}."),
        ],
        .turn: [
            .all("Then something clicked, and {D} could {learn}!", "Then {D} found something lovely {firstPlace}: a new friend.", "Then {D} began to smile {firstPlace}."),
            .grown("{D} was not scared of {new} any more.", "Suddenly, everything about {new} felt easy and bright."),
            .older("{D} could stay safely at the edge, or try {new} properly."),
            .older("{D} took a deep breath and chose to try {new} properly."),
        ],
        .resolution: [
            .all("{D} could {learn} now, and it felt wonderful.", "{D} felt proud and happy {firstPlace}.", "{D} had a happy day {firstPlace}."),
            .all("\"Can I {learn} again tomorrow?\" asked {D}.", "\"Can I come back {firstPlace} tomorrow?\" asked {D}."),
            .grown("{P} gave {D} a big hug for being so brave about {new}."),
        ],
    ]

    static let fearMet: [PlotBeat: [TaleLine]] = [
        .opening: [
            .all("{DIntro} was afraid of {fear}.", "{DIntro} did not like {fear} one little bit.",
                 "{DIntro} was {awake}, and sleep would not come.", "{DIntro} was {awake} again, when everyone else was sleepy."),
            .all("{P} wanted to help {DObj} feel brave about {fear}.", "{P} sat close to {D}, who was still {awake}."),
            .all("{D} hid under a blanket, thinking about {fear}.", "{D} hugged a pillow, still {awake}."),
            .grown("Whenever {fear} came, {D} wanted to hide under something.", "{D} kept very still, but stayed {awake}."),
            .older("{D} knew that {fear} {fearWas} nothing to be scared of, but feelings are not always sensible.",
                   "{D} had tried every trick for being {awake}, and every trick had been wide awake too."),
        ],
        .firstTry: [
            .all("{D} tried to be brave about {fear} {inPlace}, but it was hard.", "{D} tried counting sheep, but stayed {awake}."),
            .all("{D} peeked out at {dark} and hid again.", "{D} tried not to think about {fear}.", "{D} tossed and turned, still {awake}."),
            .grown("\"Is something hiding in {dark}?\" whispered {D}.", "\"I don't like {fear},\" whispered {D}.", "\"I'll never sleep,\" sighed {D}, still {awake}."),
            .older("{D} made a list of everything that might be in {dark}, and most of it was socks.",
                   "{D} counted sheep, then cows, then one very confused goose, and was still {awake}."),
        ],
        .helpTry: [
            .all("{P} brought a little lantern, and {dark} seemed smaller at once.", "{P} talked softly with {DObj} about {fear}.", "{P} told {DObj} a quiet story, but {D} stayed {awake}."),
            .all("{P} held {DPos} hand, and together they looked out at {dark}.", "{P} held {DPos} hand, and {fear} felt a little smaller.", "{P} made a warm nest of blankets for {DObj}, who was still {awake}."),
            .grown("{fear} still felt big, but a little less big with {P} there.", "Being {awake} felt less lonely with {P} there."),
            .older("{P} suggested saying \"Boo!\" to {dark}, just to see what it would do, and it did nothing at all.",
                   "{P} said that everybody is afraid of something, and {fear} {fearWas} a perfectly sensible choice."),
        ],
        .extra: [
            .all("{D} took a tiny step towards {dark}.", "{D} felt a tiny bit braver about {fear}.", "{D} listened to the quiet house, still {awake}."),
            .all("{P} hummed a silly song about {fear}.", "{P} and {D} whispered about being {awake}."),
            .grown("{D} listened, and everything was very quiet in {dark}.", "{D} breathed slowly, but was still {awake}."),
        ],
        .turn: [
            .all("Then {D} looked up and saw friendly stars shining in {dark}.", "Then {D} looked closer, and {fear} {fearWas} not scary at all.",
                 "Then {P} hummed a slow song, and {D} began to feel less {awake}."),
            .grown("In {dark}, everything was the same as by day, just with its lights turned low.",
                   "{D} took slow, deep breaths, until being {awake} felt calm and cosy."),
            .older("{D} could stay hidden, or face {fear} with {P}.", "{D} could keep fighting being {awake}, or simply rest."),
            .older("{D} chose to face {fear}, one small step at a time.", "{D} chose to rest, and stopped minding being {awake}."),
        ],
        .resolution: [
            .all("{D} was not afraid of {fear} any more.", "{D} felt calm and cosy at last, no longer {awake}."),
            .all("{both} watched {dark} together, calm and quiet.", "{D} gave a long, slow yawn, not {awake} any more."),
            .grown("\"{fear} {fearIs} not so bad,\" said {D}.", "\"I think I'm sleepy now,\" said {D}, who had been so {awake}."),
        ],
    ]

    static let wishGranted: [PlotBeat: [TaleLine]] = [
        .opening: [
            .all("{DIntro} wished and wished to {wish}.", "More than anything, {DIntro} wanted to {wish}.",
                 "{DIntro} dreamed of {wishing} every single day."),
            .all("\"I'll help you {wish},\" said {P}.", "{P} promised to help {D} with {wishing}."),
            .all("But {D} could not {wish} yet.", "{D} watched the birds and wanted to {wish}."),
            .grown("But {D} had never managed to {wish}, not even a little.", "Everyone said {wishing} would come one day, but {D} wanted it now."),
            .older("{D} had read every book about {wishing}, and some of them twice."),
        ],
        .firstTry: [
            .all("{D} tried to {wish} {inPlace}, but nothing happened.", "{D} tried and tried to {wish}, but it did not work."),
            .all("{D} came down with a bump, still not {wishing}.", "{D} landed with a bump, and {wishing} seemed very far away."),
            .grown("{D} felt sad that {wishing} was so hard.", "\"I will never {wish},\" sighed {D}."),
            .older("{D} tried {wishing} from the top of a cushion, which turned out to be mostly falling."),
        ],
        .helpTry: [
            .all("{P} had an idea to help {D} {wish}.", "{P} taught {D} to be patient about {wishing}."),
            .all("{D} tried to {wish} again, a little better this time.", "{D} nearly managed to {wish}, and {P} cheered."),
            .grown("{wishing} felt a little closer now.", "{D} practised {wishing} with {P} until it felt nearly right."),
            .older("{P} tried to show how to {wish} by waving {POwn} arms very seriously, which did not help at all but was very funny."),
        ],
        .extra: [
            .all("{D} practised {wishing} a little more.", "{P} cheered each time {D} tried to {wish}."),
            .all("{D} rested, then tried to {wish} again.", "{D} watched the birds, thinking about {wishing}."),
            .grown("{D} tried to {wish} from a little hill.", "{D} asked everyone {inPlace} about {wishing}."),
        ],
        .turn: [
            .all("Then, quite suddenly, {D} could {wish}!", "Then {D} stopped trying so hard, and suddenly {D} was {wishing}!"),
            .grown("It was not the way {D} had planned to {wish}, but it was even better.", "{D} could hardly believe it: {D} was {wishing}!"),
            .older("{D} could {wish} away alone, or wait so {P} could come too."),
            .older("{D} waited, because {wishing} is better with a friend."),
        ],
        .resolution: [
            .all("{D} was {wishing} at last!", "{D} {wished}, and it was wonderful."),
            .all("{P} laughed and clapped as {D} {wished}.", "{DPos} wish to {wish} had come true."),
            .grown("\"Thank you for helping me {wish},\" said {D}.", "{D} {wished} all around {place}, happy as anything."),
        ],
    ]

    static let helping: [PlotBeat: [TaleLine]] = [
        .opening: [
            .all("{DIntro} liked helping everyone {inPlace}.", "{DIntro} was a little {quality}, but {D} had a kind heart.",
                 "{DIntro} was a good helper, and everyone {inPlace} knew it."),
            .all("One day, {D} and {P} found {needy} in trouble {inPlace}.", "One day, {D} and {P} met {needy}, who looked very sad.", "{D} and {P} met {needy} {inPlace}."),
            .all("{needy} needed a friend {inPlace}.", "{needy} seemed lost {inPlace}."),
            .grown("{needy} could not reach {theObj}.", "{needy} was stuck {spot1} and could not get out.",
                   "{needy} had no {obj} at all."),
            .older("{D} had planned a quiet afternoon {inPlace}, but plans have a way of changing."),
        ],
        .firstTry: [
            .all("{D} tried to help {needy}, but it was too hard alone.", "{D} reached for {theObj}, but it was too high."),
            .all("\"Oh dear,\" said {needy}, looking at {theObj}.", "{needy} gave a small, sad sigh {spot1}."),
            .grown("{D} pulled and pulled, but {needy} was still stuck {spot1}.", "{D} wondered how to help {needy}."),
            .older("{D} tried a grand plan to help {needy}, with a bucket, a string and a lot of hope, and only the hope worked."),
            .all("{D} wanted to {deed}, but it was not easy.", "{D} tried to {deed} all alone."),
        ],
        .helpTry: [
            .all("{P} came to help {needy} too.", "Together, {both} tried to help {needy}."),
            .all("{both} pushed and pulled {spot1}.", "{D} climbed onto a rock to reach {theObj}."),
            .grown("It was nearly working, and {needy} began to smile.", "{needy} looked a little more hopeful {spot1}."),
            .older("{P} gave {needy} a very long talk about not worrying, which made {needy} worry a bit more."),
            .all("{both} set out to {deed} together.", "\"Let's {deed} together,\" said {P}."),
        ],
        .extra: [
            .all("{D} fetched something to help {needy}.", "{both} talked about how to help {needy}."),
            .all("{needy} told {D} all about life {inPlace}.", "{D} made {needy} laugh {spot2}."),
            .grown("{D} kept trying, because {needy} needed a friend.", "{P} kept {needy} company {spot3}."),
            .all("{D} did not give up trying to {deed}.", "{both} found a new way to {deed}."),
        ],
        .turn: [
            .all("Then {D} had a clever idea to help {needy}.", "Then {D} saw that {needy} really just needed a friend."),
            .all("{D} gave {needy} {theObj}.", "With one big pull, {needy} was free!"),
            .older("{D} could keep {theObj}, or share {objIt} with {needy}.", "{D} could go home for tea, or stay with {needy}."),
            .older("{D} chose to share {theObj}, and sharing felt even better than keeping.", "{D} chose to stay with {needy}, and that made all the difference."),
        ],
        .resolution: [
            .all("{needy} smiled a big thank-you smile at {D}.", "\"Thank you,\" said {needy}, smiling {inPlace}."),
            .all("{D} felt warm inside from helping {needy}.", "{D} had helped {needy}, and that was the best feeling."),
            .grown("{both} and {needy} played together {inPlace}.", "{needy} was a friend now, and would be for a long time."),
            .all("So {D} got to {deed} after all.", "{D} was glad to {deed}, and so was {needy}."),
        ],
    ]

    static let contest: [PlotBeat: [TaleLine]] = [
        .opening: [
            .all("{DIntro} wanted to win {contest}.", "Today was {contest}, and {DIntro} wanted to win."),
            .all("{P} was in {contest} too.", "\"I hope you do well in {contest},\" said {P}."),
            .all("{D} got ready for {contest}.", "Everyone {inPlace} lined up for {contest}."),
            .grown("{D} had practised {verbing} all week.", "Everyone {inPlace} came to watch {contest}."),
            .older("{D} had a plan for {contest}, and the plan was mostly to be very fast."),
        ],
        .firstTry: [
            .all("On the count of three, {contest} began {inPlace}.", "And they were off: {contest} had begun!"),
            .all("{D} tried {DOwn} very best at {verbing}.", "{D} gave {verbing} everything.", "{D} was {verbing} as well as {D} could."),
            .grown("But {D} wobbled and slipped behind in {contest}.", "But {rival} was ahead in {contest}."),
            .older("{D} concentrated so hard on {verbing} that {D} forgot to breathe, which is not recommended."),
        ],
        .helpTry: [
            .all("{P} cheered {D} on through {contest}.", "\"Keep going!\" called {P} from the side of {contest}."),
            .all("{D} kept on {verbing}, a little better each time.", "{D} caught up with {rival} in {contest}."),
            .grown("Now {D} and {rival} were side by side in {contest}.", "{D} could see the end of {contest} now."),
            .older("{P} cheered so loudly for {contest} that a bird fell off a branch in surprise."),
        ],
        .extra: [
            .all("{contest} went on for a long, long time {inPlace}.", "{D} kept {verbing} and did not give up."),
            .all("Everyone cheered for {contest}.", "{D} passed a cheering crowd {spot1}."),
            .grown("{D} took a deep breath and kept {verbing}.", "{rival} and {D} were neck and neck in {contest}."),
        ],
        .turn: [
            .all("Then, just ahead, {rival} slipped and fell in the middle of {contest}.",
                 "Then {rival} tripped and sat down with a bump in {contest}."),
            .older("{D} could win {contest}, or stop and help {rival} up."),
            .all("{D} stopped to help {rival} up.", "{D} stopped {verbing} and helped {rival} to stand."),
        ],
        .resolution: [
            .all("{D} and {rival} finished {contest} together.", "Everyone cheered as {D} and {rival} finished {contest} side by side."),
            .all("{D} did not win {contest}, but {D} got the kindest cheer of all.", "At the end of {contest}, everybody got a ribbon."),
            .grown("\"That was the best {contestWord} ever,\" laughed {rival}.", "{D} felt happier than any winner of {contest}."),
        ],
    ]

    static let puzzle: [PlotBeat: [TaleLine]] = [
        .opening: [
            .all("{DIntro} could not find {theObj}.", "{DIntro} looked everywhere, but {theObj} {objWas} missing."),
            .all("{D} and {P} had seen {objIt} last {spot1}.", "\"Where could {theObj} be?\" asked {P}."),
            .all("{D} looked high and low for {theObj}.", "\"Where did {theObj} go?\" wondered {D}."),
            .grown("Finding {theObj} was going to be a real puzzle.", "\"We must find {theObj},\" said {P}."),
            .older("{D} decided to think like a detective, which mostly meant frowning and saying \"Hmm\" about {theObj}."),
        ],
        .firstTry: [
            .all("{D} looked {spot1}, but {theObj} {objWas} not there.", "{D} searched {spot1} for {theObj}."),
            .all("{D} found a first clue {spot2}: a tiny trail leading away.", "{D} found a little clue about {theObj} {spot2}."),
            .grown("\"{theObj} can't have gone far,\" said {P}.", "{D} thought hard about where {theObj} might be."),
            .older("{P} searched very carefully in places where {theObj} could not possibly fit, just to be thorough."),
        ],
        .helpTry: [
            .all("{P} helped {D} follow the clues {spot3}.", "{both} looked {spot3} for {theObj}."),
            .all("{both} found another clue about {theObj}.", "{P} spotted a second clue {spot3}."),
            .grown("Little by little, the clues about {theObj} began to make sense.", "The trail to {theObj} got clearer."),
            .older("{P} announced that {theObj} {objWas} definitely hiding on purpose, which did not seem likely."),
        ],
        .extra: [
            .all("{both} asked everyone {inPlace} about {theObj}.", "{D} followed the trail to {theObj} a little further."),
            .all("{D} peeked {spot2} for {theObj}.", "{P} listened hard for any sign of {theObj}."),
            .grown("{D} did not give up on {theObj}.", "{both} checked {spot1} once more for {theObj}."),
        ],
        .turn: [
            .all("Then {D} understood where {theObj} had to be!", "Then the clues made sense, and {D} knew where {theObj} {objWas}!"),
            .all("{D} went back {spot1} and looked once more, very carefully.", "{D} ran back {spot1} to look for {theObj}."),
            .older("{D} could keep searching for {theObj} alone, or ask {P} to help think."),
            .older("{D} chose to ask, and two heads found {theObj} faster than one."),
        ],
        .resolution: [
            .all("There {objWas} {theObj}, safe and sound!", "And at last, {D} spotted {theObj}, right there {inPlace}!"),
            .all("\"Found {theObj}!\" cheered {D}.", "{D} held {theObj} tight."),
            .grown("{theObj} had been {spot1} all along.", "{both} laughed, because {theObj} had been so close."),
        ],
    ]

    /// The theme's other figure, on the first page.
    static let other = TaleLine.all("{otherIntro} came along to watch {D} {act}.", "{otherIntro} came along too.",
                                    "{otherIntro} was there {inPlace} too, watching {D}.")

    /// The place, on a page before bedtime that would not otherwise say where it happens (with something of
    /// the theme, so two themes in one place do not share it).
    static let setting = TaleLine.all(
        "{D} was busy with {theObj} {inPlace}.", "{both} looked at {theObj} {inPlace}.", "{inPlace}, {D} liked {acting} best of all.",
        "{P} stayed close to {D} {inPlace}, ready to help with {theObj}.", "{inPlace}, {both} spent the afternoon {acting}.",
        "Everything {inPlace} seemed to be watching {D} and {theObj}.",
        "There was so much to notice {inPlace} that {D} nearly forgot about {theObj}.",
        "{P} said that nowhere was quite like {place} for {acting}, and {D} agreed with all {DOwn} heart.",
        "{inPlace}, {D} {acted} with {P}.", "{D} was {inPlace}, but {fear} still felt big.",
        "{inPlace}, {D} felt braver about {fear}.", "{inPlace}, {D} listened for {fear}.",
        "{D} was {awake} {inPlace}.", "{D} dreamed of {wishing} {inPlace}.", "{D} felt a little {quality} {inPlace}.",
        "{inPlace}, {D} tried not to feel {quality}.")

    /// The theme's thing, on the first page of a shape that does not otherwise name it.
    static let thing = TaleLine.all("{DIntro} had {aThing} to show {P}.", "{D} brought {aThing} along.")

    /// Rounding off a short page after the opening: the day so far, the partner, the dream.
    static let rounding: [TaleLine] = [
        .all("{both} smiled about {dream}.", "{P} gave {D} a hug {inPlace}.", "{D} felt warm and happy about {dream}."),
        .all("{D} told {P} everything about {dream}.", "{both} sat together {spot2} for a while."),
        .grown("It had been quite a day {inPlace}, and {dream} had been the best part of it.", "{P} said that every bit of {dream} had been worth it."),
        .older("{D} wanted to remember {dream} for a long, long time, and decided to draw a picture of it in the morning.",
               "{P} said, quite seriously, that {dream} deserved a song, and then hummed one very badly."),
        .older("{both} stayed {spot3} a little longer, talking about {dream} and everything that had happened."),
    ]

    /// Keeping on in a long story, when a page would be short: one line per kind of small moment
    /// (a page never says two of one kind), said a different way each time it comes back.
    static let keepingOn: [TaleLine] = [
        "{D} kept on {acting}, HOW.", "{P} HOW helped with {theObj}.", "{both} went on HOW {inPlace}.",
        "{D} HOW tried once more {spot1}.", "{P} waited HOW {spot3}, and {D} thought about {dream}.",
        "{both} talked HOW about {acting}.", "{P} HOW pointed the way {spot2}.", "{D} looked HOW at {theObj} once more.",
        "{D} hummed HOW, thinking about {dream}.", "{both} shared a snack HOW {spot1}, talking about {theObj}.",
    ].enumerated().map { index, template in
        let longer = [
            "{D} kept on {acting}, HOW, one small step after another, until it began to feel easier.",
            "{P} HOW helped with {theObj}, handing over whatever was needed at just the right moment.",
            "{both} went on HOW {inPlace}, noticing small things they had never noticed before.",
            "{D} HOW tried once more {spot1}, and this time it went a tiny bit better than before.",
            "{P} waited HOW {spot3} while {D} thought and thought about {dream}.",
            "{both} talked HOW about {acting}, and about what they might try next.",
            "{P} HOW pointed the way {spot2}, and {D} followed without a single grumble.",
            "{D} looked HOW at {theObj} once more and decided that it was coming along nicely.",
            "{D} hummed HOW, thinking about {dream} and about everything still to come.",
            "{both} shared a snack HOW {spot1}, talking about {theObj} between mouthfuls.",
        ][index]
        return TaleLine([template, longer].flatMap { form in
            ["slowly", "happily", "carefully", "patiently", "bravely", "quietly", "cheerfully", "gently"].map {
                form.replacing("HOW", with: $0)
            }
        })
    }

    /// The last page, at home and in bed, for every shape: the day's {dream} comes home with the hero.
    static let bedtime: [TaleLine] = [
        .all("{H} went home, thinking of {dream}.", "{H} came home, happy about {dream}.",
             "{H} went home to {home}, still thinking about {dream}.", "Back at {home}, {H} was still thinking about {dream}."),
        .all("{C} curled up at the foot of the bed, dreaming of {dream}.", "\"Goodnight, {C},\" whispered {H}, thinking of {dream}."),
        .grown("{H} snuggled under the blanket and remembered {dream}.", "{H} lay in bed and smiled about {dream}."),
        .grown("{H} whispered goodnight to {dream}, and to {place} far away.", "{H} told {C} the best part of {dream} all over again."),
        .older("{H} decided that tomorrow might bring more of {dream}, which was a lovely thought to fall asleep on.",
               "{H} went over the whole day once more, from the very start to {dream}."),
    ]

    /// The line that ends the story.
    static let asleep = TaleLine.all("Soon {H} was fast asleep, dreaming of {dream}.",
                                     "{H} closed {HOwn} eyes and drifted off to sleep, thinking of {dream}.", "{H} drifted off to sleep, thinking of {dream}.",
                                     "And {H} fell asleep, still smiling about {dream}.")

    /// Weather sentences: outdoors, and seen from indoors.
    static func weather(_ weather: SceneWeather, indoors: Bool) -> TaleLine {
        switch (weather, indoors) {
        case (.rain, false): .all("Rain pattered down {inPlace}.", "{D} splashed through a puddle {inPlace}.", "Rain drummed softly {spot1}.")
        case (.rain, true): .all("Outside, the rain pattered while {both} worked on {theObj}.", "Rain tapped on the window {where}.")
        case (.snow, false): .all("Snow fell softly {spot1}.", "Snowflakes landed on {theObj}.", "{D} left little tracks in the fresh snow {spot1}.")
        case (.snow, true): .all("Outside, snow was falling while {both} worked on {theObj}.", "Snow drifted past the window {where}.")
        case (.wind, false): .all("The wind blew hard {inPlace}.", "The wind tugged at {theObj}.", "A big gust blew {inPlace}.")
        case (.wind, true): .all("Outside, the wind whooshed while {both} worked on {theObj}.", "The wind rattled the window {where}.")
        case (.fog, false): .all("A soft grey fog hung {inPlace}.", "Fog curled around {theObj}.")
        case (.fog, true): .all("Outside, a grey fog hid everything {inPlace}.")
        case (.rainbow, false): .all("A rainbow shone over {place}.", "A rainbow arched above {theObj}.")
        case (.rainbow, true): .all("Through the window {where}, a rainbow shone.")
        }
    }

    /// The occasion itself, at the resolution.
    static func occasion(_ occasion: String) -> TaleLine {
        switch occasion {
        case "picnic": .all("Then it was time for the picnic {inPlace}!", "Then {both} spread the picnic blanket and had the picnic {inPlace}.", "So the picnic began {inPlace}, with sandwiches for everyone.")
        case "birthday": .all("Then it was time for the birthday party, with {theObj}!", "Then the birthday party began, with {theObj} and candles.", "Everyone sang \"Happy Birthday\", and {theObj} {objWas} the best part.")
        default: .all("Then it was time for the party {inPlace}!", "And then the party began {inPlace}.", "Everyone came to the party, and {theObj} {objWas} the best part.")
        }
    }
}
