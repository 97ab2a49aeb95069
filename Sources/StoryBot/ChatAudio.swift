import Foundation
import StoryDomain

/// A story's narration attached to a reply: platforms send it as audio (Discord: a voice
/// message where allowed, else an Ogg/Opus file; the web chat: a player).
public struct ChatAudio: Sendable, Equatable {
    public var storyID: StoryID
    public var part: NarrationPart
    /// Ogg/Opus bytes.
    public var data: Data
    /// Seconds.
    public var duration: Double
    /// Up to 256 amplitude bytes, for Discord's voice message.
    public var waveform: Data
    /// A file name such as `the-sleepy-dragon-page-2.ogg`.
    public var filename: String

    public init(storyID: StoryID, part: NarrationPart, data: Data, duration: Double, waveform: Data, filename: String) {
        self.storyID = storyID
        self.part = part
        self.data = data
        self.duration = duration
        self.waveform = waveform
        self.filename = filename
    }

    /// "1:05"
    public var durationText: String {
        let seconds = max(1, Int(duration.rounded()))
        return "\(seconds / 60):" + String(format: "%02d", seconds % 60)
    }

    /// `the-sleepy-dragon-page-2.ogg`: ASCII letters and digits of the title, then the part.
    public static func filename(title: String, part: NarrationPart) -> String {
        let folded = title.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        var slug = ""
        for character in folded {
            if character.isASCII, character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug.append("-")
            }
        }
        slug = String(slug.prefix(48))
        while slug.hasSuffix("-") { slug.removeLast() }
        let read = switch part.base {
        case let .page(number): "page-\(number)"
        default: "whole"
        }
        let tail = part.windDown.isOn ? read + "-wind-down" : read
        return (slug.isEmpty ? "story" : slug) + "-" + tail + ".ogg"
    }
}
