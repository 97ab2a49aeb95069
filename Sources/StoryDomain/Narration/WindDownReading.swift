import Foundation

/// How a story's ending is read when the family's wind-down is on (``WindDown``): the last page
/// in two steps, each slower, lower and softer than the one before, then the story's refrain said
/// twice, slowest and softest (and "The End." for the whole story), then ``tailSeconds`` of gentle
/// sound made on the machine, fading to silence.
public struct WindDownReading: Sendable, Equatable {
    /// A passage and how it is spoken.
    public struct Step: Sendable, Equatable {
        public var text: String
        public var prosody: Prosody

        public init(text: String, prosody: Prosody) {
            self.text = text
            self.prosody = prosody
        }
    }

    /// The kind of gentle sound after the last words.
    public enum Sound: String, Sendable, Equatable {
        /// Soft steady rain (pink noise, its highs rolled off).
        case rain
        /// Waves on a shore (darker pink noise that swells and ebbs every 8–11 seconds).
        case waves
    }

    /// Read in order after the plain text of the request (the title and earlier pages, if any).
    public var steps: [Step]
    /// The refrain said at the end (the story's repeated words, else its last line).
    public var refrain: String
    public var sound: Sound
    public var tailSeconds: Int
    /// Makes the sound the same every time the same story is read (from the story's id).
    public var seed: UInt64

    public init(steps: [Step], refrain: String, sound: Sound, tailSeconds: Int, seed: UInt64) {
        self.steps = steps
        self.refrain = refrain
        self.sound = sound
        self.tailSeconds = tailSeconds
        self.seed = seed
    }

    /// The two steps of the last page and the refrain's: pace 90 %, 80 %, 70 % of the voice's
    /// bedtime pace; loudness −3, −6, −9 dB; pitch 95 %, 90 %, 85 %.
    public static let stepProsody: [Prosody] = [
        Prosody(rate: 0.9, volume: Prosody.gain(decibels: -3), pitch: 0.95),
        Prosody(rate: 0.8, volume: Prosody.gain(decibels: -6), pitch: 0.9),
        Prosody(rate: 0.7, volume: Prosody.gain(decibels: -9), pitch: 0.85),
    ]

    /// The reading of `lastPage` (spoken text), ending with `refrain` said twice and `ending`
    /// ("The End.", for the whole story) when given.
    public static func make(lastPage: String, refrain: String, ending: String?, windDown: WindDown, theme: String,
                            seed: UInt64) -> WindDownReading {
        let sentences = StoryRefrain.sentences(lastPage)
        let half = (sentences.count + 1) / 2
        var steps: [Step] = []
        for (index, part) in [sentences.prefix(half), sentences.dropFirst(half)].enumerated() where !part.isEmpty {
            steps.append(Step(text: part.joined(separator: " "), prosody: stepProsody[index]))
        }
        let closing = [refrain, refrain] + (ending.map { [$0] } ?? [])
        steps.append(Step(text: closing.joined(separator: "\n\n"), prosody: stepProsody[2]))
        return WindDownReading(steps: steps, refrain: refrain, sound: sound(for: theme), tailSeconds: windDown.tailSeconds, seed: seed)
    }

    /// Waves for a story by the sea, rain for every other.
    static func sound(for theme: String) -> Sound {
        let seaside = ["sea", "ocean", "beach", "shore", "wave", "island", "boat", "ship", "sail", "mermaid", "whale",
                       "dolphin", "lighthouse", "harbour", "harbor", "pirate", "crab", "seal", "fish"]
        let words = theme.lowercased().split { !$0.isLetter }.map(String.init)
        return words.contains { word in seaside.contains { word == $0 || word == $0 + "s" || word == $0 + "es" } } ? .waves : .rain
    }
}
