import StoryDomain

/// Whole-middle beats for three-page stories, where one page must carry the problem and its happy fix.
enum CompactBeats {
    static let helping = Beat(
        "helpCompact", .helping, focus: .critter,
        toddler: ["{hero} met {critter}.", "It could not find its home.", "{hero} showed it the way.", "\"Thank you!\" it said."],
        early: [
            "Near {path}, {hero} met {critter} who could not find its way home.",
            "\"Don't worry,\" said {hero}. \"I'll help you.\"",
            "Together they followed the path, step by step, until they found {clue}, right beside its front door.",
            "\"Thank you!\" said {theCritter}, with a great big smile.",
        ],
        older: [
            "Somewhere along {path}, {hero} found {critter} who had wandered too far and could not find its way home.",
            "\"It's all right,\" said {hero} gently. \"Everyone gets a bit lost sometimes, and we can find the way together.\"",
            "They followed the path, step by careful step, until they came to {clue}, right beside its front door.",
            "{theCritter} gave a happy squeak, and {hero} felt a warm glow spreading inside.",
        ])

    static let lostAndFound = Beat(
        "foundCompact", .discovering, focus: .treasure,
        toddler: ["Oh! Where was the {treasure}?", "{we} looked and looked.", "There it was, by {thing}!", "Hooray!"],
        early: [
            "But when {hero} reached for the {treasure}, it was gone!",
            "{we} looked under this and behind that, slowly and calmly.",
            "At last, there it was, resting beside {thing}.",
            "{hero} held it close and laughed a happy laugh.",
        ],
        older: [
            "But when {hero} reached into their pocket for the {treasure}, their fingers found only a crumb and a bit of fluff.",
            "Instead of worrying, {hero} took a slow breath and retraced every step, looking carefully and calmly.",
            "At last, there it was, resting beside {thing} as if it had simply stopped for a nap.",
            "{hero} held it close and laughed, feeling that lost things really do like to be found.",
        ])
}
