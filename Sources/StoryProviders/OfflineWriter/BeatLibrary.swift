import StoryDomain

/// Every beat the built-in writer knows: openings, endings, the middle beats of each story shape,
/// and gentle extra beats that stretch a story to more pages.
enum BeatLibrary {
    // MARK: - Opening and ending

    static let opening = Beat(
        "opening", .standing,
        toddler: [
            "Once upon a time, there was {hero}.|This is {hero}.",
            "{hero} lived {inPlace}.",
            "{hero} was {trait}.",
            "{hero} had {aFriendKind} called {friendProper}.|{friend} was always close by.",
            "This is a story about {about}.",
        ],
        early: [
            "Once upon a time, {hero} lived {nearDesc}.|Once upon a time, {hero} lived {inPlace}.|Once upon a time, there was {hero}.",
            "{hero} was {trait}, and loved every corner of {place}.|{hero} was {trait}.",
            "{friend}, {friendLooks}, was never far away.|{friend} was never far away.",
            "This is a bedtime story about {about}.",
        ],
        older: [
            "Once upon a time, {hero} lived {nearDesc}, where the days were long and the nights were soft and deep.|Once upon a time, {hero} lived {nearDesc}.|Once upon a time, {hero} lived {inPlace}, where the days were long and the nights were soft and deep.|Once upon a time, there was {hero}.",
            "{hero} was {trait}, and loved small things, like a snail's silver trail or a cloud shaped like a teapot.|{hero} was {trait}.",
            "{friend}, {friendLooks}, was never far away.|{friend} was never far away.",
            "This is a bedtime story about {about}.",
        ])

    /// Shape-specific second lines for the opening page.
    static func hook(for shape: StoryShape) -> (toddler: String, early: String, older: String) {
        switch shape {
        case .journey:
            ("{we} wanted to go exploring.|It was a day for exploring.",
             "Today, {we} had a plan: one small adventure before bed.|Today was a day for one small adventure before bed.",
             "There was still time before bed for one small adventure, and {hero} could feel it waiting somewhere along {path}.")
        case .helping:
            ("{hero} liked to help.",
             "{hero} liked helping, even with very small things.",
             "{hero} had a way of noticing when someone needed a hand, even when nobody said a word.")
        case .windDown:
            ("It was nearly bedtime.",
             "The long, happy day was slowing down, and bedtime was on its way.",
             "The long, bright day was finally slowing down, the way a spinning top slows before it comes to rest.")
        case .lostAndFound:
            ("{hero} had a favourite {treasure}.",
             "{hero} had a favourite {treasure} and took it everywhere.",
             "{hero} had a favourite {treasure}, and took it everywhere, tucked safely in a pocket.")
        }
    }

    static let ending = Beat(
        "ending", .sleeping,
        toddler: [
            "{hero} got into bed.",
            "{friend} snuggled close.",
            "Goodnight, {gn}.",
            "Goodnight, {hero}.",
            "{hero} closed their eyes and fell fast asleep.|{hero} fell fast asleep.|And soon, everyone was fast asleep.",
        ],
        early: [
            "{hero} snuggled down under a soft, warm blanket.",
            "{friend} curled up close by and gave one last yawn.",
            "Outside, the stars kept watch over {place}.",
            "{hero} closed their eyes and drifted off, dreaming of {about}.|{hero} closed their eyes and drifted into a deep, happy sleep.|{hero} fell fast asleep.|And soon, everyone was fast asleep.",
        ],
        older: [
            "{hero} slid under the blanket, warm and heavy-eyed, and thought back over the day as if turning the pages of a favourite book.",
            "{friend} curled up nearby, already breathing in slow, soft puffs.",
            "Beyond the window, the stars kept their quiet watch over {place}.",
            "With one last yawn, {hero} closed their eyes and drifted off to sleep, dreaming of {about}.|With one last yawn, {hero} closed their eyes and drifted into a deep and peaceful sleep.|{hero} fell fast asleep.|And soon, everyone was fast asleep.",
        ])

    /// The first line of the last page: coming home, or (already home) bedtime itself.
    static func endingStart(atHome: Bool) -> (toddler: String, early: String, older: String) {
        atHome
            ? ("At last, it was bedtime.",
               "At last, it was time for bed.",
               "At last, it was truly time for bed, and the whole house seemed to know it.")
            : ("Then {we} went home.|Then it was time to go home.",
               "Then {we} went home to {home}, slow and sleepy.|Then it was time to go home, slow and sleepy.",
               "Then {we} made their way home to {home} through the blue hush of the evening, footsteps slow and sleepy.|Then {we} made their way home through the blue hush of the evening.|Then it was time to go home through the blue hush of the evening.")
    }

    // MARK: - Journey

    static let setOut = Beat(
        "setOut", .walking, focus: .fixed("a winding path"),
        toddler: ["{we} set off along {path}.|Off they went along {path}.", "Step, step, step.", "{friend} came too."],
        early: [
            "{we} set off along {path}, one happy step at a time.|Off they went along {path}.",
            "{friend} {friendMove} and trotted alongside.",
            "Everything {inPlace} seemed to whisper hello.",
        ],
        older: [
            "With a small bag over one shoulder, {hero} set off along {path}, wondering what the afternoon might hold.",
            "{friend}, who was {friendTrait}, kept close by.",
            "{hero} felt that lovely fizzy feeling that comes right before something new.",
        ])

    static let meet = Beat(
        "meet", .discovering, focus: .passing,
        toddler: ["Look! There was {passing}.", "{hero} waved hello.", "{thePassing} waved back."],
        early: [
            "Around a bend, {we} met {passing}.",
            "{thePassing} blinked, then gave a friendly little nod.",
            "\"Hello,\" said {hero} softly. \"What a lovely place this is.\"|\"Hello,\" said {hero} softly.",
        ],
        older: [
            "Around a bend in the path, {we} came upon {passing}, sitting very still and watching the world go by.",
            "{hero} crouched down slowly, so as not to startle it, and said a gentle hello.",
            "{thePassing} tilted its head, as if deciding something, and then seemed to smile.",
            "{hero} thought that meeting someone new felt a bit like opening a present.",
        ])

    static let discover = Beat(
        "discover", .discovering, focus: .thing,
        toddler: ["What was that?", "It was {thing}!", "Ooh, how lovely!"],
        early: [
            "Just ahead, {hero} spotted {thing}.",
            "{we} knelt down to look more closely.",
            "It was one of the most wonderful things they had seen all day.",
        ],
        older: [
            "Half hidden beside the path, {hero} noticed {thing}, and stopped to look.",
            "It was such a small thing, but the longer {hero} looked, the more wonderful it seemed.",
            "{friend} leaned in too, and for a moment neither of them said a word.",
        ])

    static let wayHome = Beat(
        "wayHome", .walking, focus: .fixed("the path home"),
        toddler: ["Which way was home?", "{hero} looked and looked.", "There! That way!"],
        early: [
            "Soon it was time to head home.",
            "{hero} found the way by remembering each thing they had passed.",
            "{friend} {friendSound}, and the path home felt short and easy.",
        ],
        older: [
            "When the shadows grew long, {hero} knew it was time to turn for home.",
            "They remembered every landmark along the way, one after another, like beads on a string.",
            "{friend} {friendSound} as they walked, and before long {home} was in sight.",
        ])

    // MARK: - Helping a friend

    static let notice = Beat(
        "notice", .discovering, focus: .critter,
        toddler: ["{hero} heard a tiny sniff.", "It was {critter}.", "\"I can't find my home,\" it said."],
        early: [
            "Near {path}, {hero} heard a small, sad sniffle.",
            "It was {critter}, looking this way and that.",
            "\"I wandered too far, and now I can't find my way home,\" it said.",
        ],
        older: [
            "Somewhere along {path}, {hero} heard a small, wobbly sniffle and stopped to listen.",
            "It was {critter}, turning this way and that, looking very small and very unsure.",
            "\"I wandered a little too far,\" it said quietly, \"and now everything looks different.\"",
        ])

    static let comfort = Beat(
        "comfort", .hugging, focus: .critter,
        toddler: ["{hero} sat down close.", "\"Don't worry. We can help.\"", "{theCritter} felt better."],
        early: [
            "{hero} sat down beside {theCritter} and spoke in a soft, kind voice.",
            "\"Don't worry,\" they said. \"We'll help you find your way.\"",
            "{theCritter} stopped sniffling and gave a tiny smile.",
        ],
        older: [
            "{hero} knelt down and spoke in the calm, low voice that grown-ups use at bedtime.",
            "\"It's all right,\" they said. \"Everyone gets a bit lost sometimes, and we can find the way together.\"",
            "{friend} settled close on the other side, warm and steady.",
            "Little by little, {theCritter} stopped sniffling.",
        ])

    static let idea = Beat(
        "idea", .helping, focus: .clue,
        toddler: ["{hero} had an idea.", "\"What is near your home?\"", "\"{clueCap}!\" said {theCritter}."],
        early: [
            "Then {hero} had an idea.",
            "\"What can you see from your front door?\" they asked.",
            "\"I can see {clue},\" said {theCritter}.",
        ],
        older: [
            "{hero} thought for a moment, the way they always did when a puzzle needed solving.",
            "\"What can you see from your front door?\" they asked.",
            "{theCritter} thought very hard, then said, \"I can see {clue}.\"",
            "{hero} smiled, because they had passed exactly that on the way.",
        ])

    static let helpWalk = Beat(
        "helpWalk", .walking, focus: .clue,
        toddler: ["Off they went, slow and steady.", "{hero} led the way.", "There was {clue}!"],
        early: [
            "Off they went together, slow and steady, along {path}.",
            "{hero} led the way, and {theCritter} hurried along behind.",
            "At last, there it was: {clue}, just as {theCritter} had said.",
        ],
        older: [
            "So off they went along {path}, with {hero} leading the way and {theCritter} pattering close behind.",
            "{hero} kept up a gentle chatter about nothing in particular, because a friendly voice makes any path feel shorter.",
            "And there, exactly where it should be, was {clue}.",
        ])

    static let thanks = Beat(
        "thanks", .hugging, focus: .critter,
        toddler: ["Home at last!", "\"Thank you!\" said {theCritter}.", "{hero} gave it a hug."],
        early: [
            "{theCritter} was home at last, and its family came tumbling out to say hello.",
            "\"Thank you, thank you!\" it said, with a great big smile.",
            "{hero} felt warm all the way down to their toes.",
        ],
        older: [
            "{theCritter} gave a happy squeak as its family came tumbling out to meet it.",
            "\"Thank you,\" it said, and the words were small but full of meaning.",
            "{hero} felt a warm glow spreading inside, the kind that only comes from being kind to someone who needed it.",
        ])

    // MARK: - Lost and found

    static let lost = Beat(
        "lost", .discovering, focus: .treasure,
        toddler: ["But where was the {treasure}?", "It was not in the pocket.", "\"Let's look,\" said {hero}."],
        early: [
            "{hero} reached into their pocket for the {treasure}.",
            "But the pocket was empty!",
            "\"It must have slipped out somewhere,\" said {hero}. \"Let's look.\"|\"Let's look for it,\" said {hero}.",
        ],
        older: [
            "When {hero} reached into their pocket for the {treasure}, their fingers found only a crumb and a bit of fluff.",
            "It must have slipped out somewhere along {path}.",
            "{hero} took a slow breath, because slow breaths help you think, and decided to look for it calmly.",
        ])

    static let searchNear = Beat(
        "searchNear", .walking, focus: .thing,
        toddler: ["Was it by {thing}?", "No, not there.", "{we} kept looking."],
        early: [
            "{we} looked beside {thing}.",
            "There was no {treasure} there, only a cool, soft breeze.",
            "So they kept looking, slowly and carefully.",
        ],
        older: [
            "First {we} looked beside {thing}, peering into every nook and gently lifting every leaf.",
            "There was no {treasure} there, but there was a beetle in a shiny green coat, who seemed to be out for a stroll.",
            "{hero} smiled and kept looking, feeling sure that lost things like to be found.",
        ])

    static let searchFar = Beat(
        "searchFar", .discovering, focus: .thing,
        toddler: ["Was it near {thing}?", "Not there either.", "{friend} looked too."],
        early: [
            "Next, {we} tried near {thing}.",
            "{friend} peeked and poked and {friendMove}.",
            "Not there either, but {hero} had a feeling they were getting close.",
        ],
        older: [
            "Next they tried near {thing}, where the ground was soft and the shadows were cool.",
            "{friend} helped too, peeking into every corner with great care.",
            "It still was not there, yet {hero} did not feel cross or worried, only curious about where it might be hiding.",
        ])

    static let found = Beat(
        "found", .hugging, focus: .treasure,
        toddler: ["Look! There it was!", "The {treasure}!", "{hero} hugged it tight."],
        early: [
            "Then {hero} saw something peeking out of a cosy little hollow.",
            "It was the {treasure}!",
            "{hero} held it close and laughed a happy laugh.",
        ],
        older: [
            "Just then, something peeking out of a cosy little hollow caught their eye.",
            "It was the {treasure}, safe and sound, as if it had simply stopped for a rest.",
            "{hero} held it close and laughed, and {friend} {friendMove} with delight.",
        ])

    // MARK: - Wind-down rituals

    static let walkHome = Beat(
        "walkHome", .walking, focus: .fixed("the way home"),
        toddler: ["{we} walked home.", "Slow, slow, slow.", "The day was nearly done."],
        early: [
            "{we} walked slowly back to {home}, swinging their arms.|They walked slowly back to {home}.",
            "Their legs felt heavy and happy from the busy day.",
            "Even {place} seemed to be getting ready for bed.",
        ],
        older: [
            "{we} wandered slowly back towards {home}, in no hurry at all.|They wandered slowly back towards {home}, in no hurry at all.",
            "{hero} could feel the whole busy day settling inside, like sand at the bottom of a jar.",
            "Even {place} seemed to be getting ready for bed, growing quieter with every step.",
        ])

    static let bath = Beat(
        "bath", .resting, focus: .fixed("a bubbly bath"),
        toddler: ["Splish, splash!", "Time for a warm bath.", "Bubbles, bubbles, everywhere."],
        early: [
            "First came a warm bath with a mountain of bubbles.",
            "{hero} made a bubble beard and a bubble hat.",
            "Splish, splash, went the water, soft and warm.",
        ],
        older: [
            "First came a warm bath, with bubbles piled up like clouds on a summer afternoon.",
            "{hero} lay back and listened to the little pops and fizzes, letting the warm water carry away the day.",
            "{friend} sat on the edge and {friendSound}.",
        ])

    static let pyjamas = Beat(
        "pyjamas", .resting, focus: .fixed("soft pyjamas with stars"),
        toddler: ["Now, pyjamas on.", "One arm, two arms.", "So soft and cosy!"],
        early: [
            "Next came pyjamas, the soft ones with little stars on them.",
            "One arm, two arms, one leg, two legs.",
            "{hero} felt as cosy as a cat in a basket.",
        ],
        older: [
            "Next came pyjamas, the soft, faded ones covered in little stars, washed so many times they felt like a hug.",
            "{hero} wriggled into them, one arm and then the other, and sighed a long, contented sigh.",
            "{friend} {friendMove}, as if to say that pyjamas were a very fine idea.",
        ])

    static let snack = Beat(
        "snack", .resting, focus: .fixed("a cup of warm milk"),
        toddler: ["A cup of warm milk.", "Sip, sip, sip.", "Mmm, yummy."],
        early: [
            "Then came a cup of warm milk and a little oat biscuit.",
            "Sip, sip, sip, went {hero}, slow and sleepy.",
            "{friend} had a crumb or two as well.",
        ],
        older: [
            "Then came a mug of warm milk with a swirl of honey, held carefully in both hands.",
            "{hero} took small, slow sips, watching the steam curl up and vanish like a tiny cloud.",
            "{friend} nibbled a crumb of biscuit and {friendSound}.",
        ])

    static let teeth = Beat(
        "teeth", .resting, focus: .fixed("a little toothbrush"),
        toddler: ["Brush, brush, brush.", "Clean teeth, top and bottom.", "What a big smile!"],
        early: [
            "Brush, brush, brush went the little toothbrush, up and down.",
            "{hero} counted to twenty while brushing.",
            "Then came a big, minty smile in the mirror.",
        ],
        older: [
            "Brushing teeth came next, up and down and round in small circles, while {hero} counted slowly to twenty.",
            "The mirror showed a sleepy face with a minty smile, and {hero} pulled a silly face at it, just once.",
        ])

    static let tidy = Beat(
        "tidy", .helping, focus: .fixed("a basket of toys"),
        toddler: ["Toys in the basket.", "Blocks away, books away.", "All tidy now."],
        early: [
            "Then it was time to tidy up the toys.",
            "The blocks went in the basket, and the books went on the shelf.",
            "Now the toys could rest, too.",
        ],
        older: [
            "Then it was time to put the day's toys away, each one in its own place, so they could rest too.",
            "{hero} tucked the blocks into their basket and stood the books in a neat row, saying a quiet goodnight to each.",
        ])

    static let song = Beat(
        "song", .hugging,
        toddler: ["Time for a song.", "La, la, lullaby.", "Soft and slow."],
        early: [
            "Then came a soft lullaby, low and slow.",
            "{hero} hummed along, eyes growing heavy.",
            "The song floated around the room like a feather.",
        ],
        older: [
            "Then came a lullaby, an old one that had been sung in the family for years and years, soft and low and slow.",
            "{hero} hummed along for the first verse, and by the second they were only listening, letting the tune rock them gently.",
        ])

    static let book = Beat(
        "book", .resting, focus: .fixed("a picture book"),
        toddler: ["Now, one more story.", "A book about {about}.|A book with lots of pictures.", "Turn the page, turn the page."],
        early: [
            "Then came a bedtime book, read in a soft, quiet voice.",
            "It was a story about {about}.|It was a story about a little boat that sailed to the moon.",
            "{hero} looked at every picture, very slowly.",
        ],
        older: [
            "Then came the best part of all: a bedtime book, read in a voice that got softer with every page.",
            "It was a story about {about}, and {hero} listened with half-closed eyes.|It was a story about a little boat that sailed all the way to the moon.",
            "{hero} wondered, drowsily, what it would be like to live inside a story.",
        ])

    static let window = Beat(
        "window", .discovering, focus: .fixed("a window and the sky"),
        toddler: ["{hero} looked out of the window.", "Hello, sky!", "Hello, little star."],
        early: [
            "{hero} peeked out of the window at the sky.",
            "\"Goodnight, sky,\" they whispered.",
            "The world outside was getting ready to sleep.",
        ],
        older: [
            "Before bed, {hero} pulled back the curtain and looked out at the sky for a long, quiet moment.",
            "Somewhere out there, they thought, other children were looking up at the very same sky, and that felt friendly and warm.",
        ])

    // MARK: - Extras that stretch any story

    static let extras: [Beat] = [
        Beat("sky", .resting,
             toddler: ["{we} looked up at the sky.", "Up, up, up!"],
             early: ["{we} lay back and looked up at the sky.", "It was changing colour, slowly, slowly."],
             older: ["{we} found a comfortable spot and lay back to watch the sky, which was changing so slowly that you could only notice it by staying very still.|They lay back to watch the sky change, slowly, slowly."]),
        Beat("listen", .resting,
             toddler: ["Shh. Listen.", "What could {hero} hear?"],
             early: ["{hero} stopped and closed their eyes to listen.", "There were so many small, quiet sounds {inPlace}."],
             older: ["{hero} stood very still, closed their eyes and listened, the way you might listen to a seashell.", "There were dozens of small sounds {inPlace} that you only notice when you stop and wait for them."]),
        Beat("snackShare", .playing, focus: .fixed("a shiny red apple"),
             toddler: ["Time for a snack.", "Crunch, crunch, crunch!", "{hero} shared with {friend}.|A yummy red apple."],
             early: ["{we} stopped in a cosy spot for a snack.|It was time to stop for a snack.", "{hero} broke a shiny apple in half and shared it with {friend}.|{hero} took a big bite of a shiny red apple.", "Crunch, crunch, went the apple, sweet and juicy."],
             older: ["After a while, {we} stopped in a cosy spot to share a snack, because adventures are hungry work.|After a while, it was time to stop for a snack, because adventures are hungry work.", "{hero} split a shiny red apple in two and handed half to {friend} with a grin.|{hero} polished a shiny red apple on a sleeve and took a big, crunchy bite."]),
        Beat("count", .playing, focus: .fixed("fluffy clouds"),
             toddler: ["{hero} counted the clouds.", "One, two, three!", "Three fluffy clouds."],
             early: ["{hero} counted the clouds drifting by.", "One looked like a boat, one like a bunny, and one like a big, soft pillow.", "\"That one is my favourite,\" said {hero}."],
             older: ["{hero} began counting the clouds drifting overhead, giving each one a name as it passed.", "One looked like a sailing boat, one like a sleeping cat, and one like nothing at all, which {hero} decided was the best one."]),
        Beat("wave", .discovering, focus: .passing,
             toddler: ["Who was that?", "It was {passing}.", "Hello, hello!"],
             early: ["Along the way, {we} spotted {passing}.", "{thePassing} peeped out, blinked, and said a tiny hello."],
             older: ["Along the way, {we} spotted {passing}, who peeped out for a moment, blinked, and went back to its own busy day."]),
        Beat("hum", .walking,
             toddler: ["{hero} sang a little song.", "La, la, la!"],
             early: ["{hero} made up a little song while they walked.", "It was about {about}, and it went la, la, la.|It went la, la, la, and then la, la, lee.", "{friend} joined in at the end."],
             older: ["As they walked, {hero} made up a little song and sang it softly to the path ahead.", "It was a song about {about}, with a chorus that went la-la-lee.|It had a chorus that went la-la-lee and a verse that nobody could remember afterwards."]),
        Beat("rest", .resting,
             toddler: ["{we} sat down for a rest.|Time for a little rest.", "Ahh, that was nice."],
             early: ["{we} sat down to rest for a little while.|It was time to rest for a little while.", "{hero} stretched out their legs and wriggled their toes."],
             older: ["{we} sat down to rest for a little while, and {hero} wriggled their toes and felt the day humming gently all around.|It was time to rest for a little while, and {hero} wriggled their toes happily."]),
        Beat("breeze", .walking,
             toddler: ["A little breeze came by.", "Whoosh, whoosh."],
             early: ["A soft breeze came dancing along {path}.", "It tickled {hero} on the nose and made them giggle."],
             older: ["A soft breeze came wandering along {path}, rustling everything it touched, and {hero} imagined it was hurrying home for bedtime too."]),
    ]
}
