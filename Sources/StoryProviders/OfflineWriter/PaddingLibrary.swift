import StoryDomain

/// Gentle sentences that fill a page up to its length: the sky at that time of day, the place,
/// the companion, calm moments and (for older children) a little inner thought.
enum PaddingLibrary {
    /// Sky sentences for a time of day: short for young children, longer and richer for older ones.
    static func sky(_ time: TimeOfDay, band: AgeBand, rng: inout SeededGenerator) -> [String] {
        let short = (shortSky[time] ?? []).shuffled(using: &rng)
        let long = (longSky[time] ?? []).shuffled(using: &rng)
        switch band {
        case .toddler: return short
        case .early: return short + long
        case .older: return long + short
        }
    }

    /// Calm sentences; older children also get the longer ones.
    static func calm(band: AgeBand, rng: inout SeededGenerator) -> [String] {
        switch band {
        case .toddler: shortCalm.shuffled(using: &rng)
        case .early: (shortCalm + earlyThoughts).shuffled(using: &rng) + (longCalm + thoughts).shuffled(using: &rng)
        case .older: (longCalm + thoughts).shuffled(using: &rng) + earlyThoughts.shuffled(using: &rng)
        }
    }

    /// Lines about the companion (skipped when there is none).
    static func friend(band: AgeBand, rng: inout SeededGenerator) -> [String] {
        let short = shortFriend.shuffled(using: &rng)
        let long = longFriend.shuffled(using: &rng)
        switch band {
        case .toddler: return short
        case .early: return short + long
        case .older: return long + short
        }
    }

    private static let shortSky: [TimeOfDay: [String]] = [
        .morning: ["The morning was fresh and new."],
        .afternoon: ["The sun was warm and bright.", "White clouds drifted by.", "The sky was big and blue.", "Sunshine made everything glow."],
        .goldenHour: ["The light turned soft and gold.", "Long shadows stretched out.", "Everything glowed like honey.", "The sun was getting low."],
        .sunset: ["The sky turned pink and orange.", "The sun slid down, slow and sleepy.", "Clouds blushed pink in the sky.", "The sky was painted peach and rose."],
        .dusk: ["The sky turned deep and blue.", "The first star peeped out.", "Everything grew soft and quiet.", "The day was tiptoeing away."],
        .night: ["The moon rose, round and bright.", "Stars twinkled, one by one.", "The night was soft and still.", "The moon smiled down."],
    ]

    private static let longSky: [TimeOfDay: [String]] = [
        .morning: ["The morning light was fresh and clear, as if the whole world had just washed its face."],
        .afternoon: [
            "The afternoon sun was warm and generous, and white clouds sailed across the sky like slow, friendly ships.",
            "It was the kind of bright, lazy afternoon when even the shadows seemed to be taking a nap.",
            "Sunlight slipped through everything it could find, making little pools of gold wherever it landed.",
        ],
        .goldenHour: [
            "The light was turning golden now, the honey-coloured light that makes everything look as if it is remembering something nice.",
            "Long shadows stretched across the ground, and every edge seemed to glow with a soft golden outline.",
            "The sun hung low and lazy, as though it, too, was thinking about bed.",
        ],
        .sunset: [
            "The sun was setting, painting the sky in stripes of peach, rose and gold, one colour melting into the next.",
            "Clouds blushed pink at the edges, and the whole sky looked like a watercolour that was still drying.",
            "As the sun slipped lower, the world seemed to take a long, slow breath out.",
        ],
        .dusk: [
            "Dusk was settling in, turning the sky a deep and velvety blue, with the first brave star already shining.",
            "The colours of the day were fading gently, the way a song fades at the end, until only soft blues remained.",
            "Somewhere far away, a window lit up with a warm yellow glow, and then another, and another.",
        ],
        .night: [
            "Night had come, soft and quiet, and the moon hung in the sky like a silver lamp left on for everyone.",
            "The stars had come out in their thousands, scattered across the dark like sugar on a blue tablecloth.",
            "The night was calm and kind, full of small, sleepy sounds.",
        ],
    ]

    private static let shortCalm = [
        "Everything felt slow and soft.", "{hero} smiled a big smile.", "All was calm and cosy.",
        "{hero} felt happy inside.", "{hero} hummed a quiet hum.", "Everything was peaceful.",
        "{hero} gave a little yawn.", "What a lovely, gentle time.", "{hero} wiggled happy toes.",
        "It was quiet and nice.", "{hero} took a big, slow breath.", "Soft, soft, soft.",
        "{hero} rubbed sleepy eyes.", "Everything felt just right.",
    ]

    private static let earlyThoughts = [
        "{hero} thought this was a very good day.", "{hero} wondered where the wind was going.",
        "{hero} felt warm and safe and happy.", "It was the kind of moment that makes you want to smile.",
        "{hero} liked how calm everything felt.", "{hero} thought about all the lovely things they had seen.",
        "It felt good to go slowly.", "{hero} felt a little bit sleepy, in the nicest way.",
    ]

    private static let longCalm = [
        "{hero} felt the kind of calm that comes when nothing needs to be hurried.",
        "Everything seemed to be moving a little more slowly now, as if the whole world had agreed to tiptoe.",
        "It was one of those moments that you want to fold up and keep in your pocket for later.",
        "{hero} breathed in slowly, then out even more slowly, and felt their shoulders soften.",
        "There was no rush at all, and that was the nicest part.",
        "A peaceful feeling settled over everything, light and warm as a blanket.",
    ]

    private static let thoughts = [
        "{hero} thought that this might be one of the nicest days they could remember.",
        "{hero} wondered about all sorts of things, like where the wind goes and whether clouds ever get tired.",
        "{hero} decided, quietly and firmly, that small adventures were the very best kind.",
        "Somewhere inside, {hero} felt a warm, glowing feeling, like a lantern that had just been lit.",
        "{hero} tried to remember every little detail, so they could tell it all again tomorrow.",
        "It occurred to {hero} that the world was full of small, kind surprises, if you only slowed down enough to notice.",
    ]

    private static let shortFriend = [
        "{friend} {friendMove}.", "{friend} {friendSound}.", "{friend} stayed close to {hero}.",
        "{friend} gave a big, happy yawn.", "{friend} looked very pleased.",
    ]

    private static let longFriend = [
        "{friend}, who was {friendTrait}, stayed close to {hero} the whole time.",
        "Every so often, {friend} {friendSound}, which always made {hero} smile.",
        "{friend} {friendMove}, and {hero} laughed softly, because it was impossible not to.",
    ]
}
