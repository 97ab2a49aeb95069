import Foundation

/// Cleans text that arrives from families before it is stored or shown to a model:
/// control characters, invisible formatting (zero-width, bidi overrides, tag characters) and
/// runs of white space are removed; runs of combining marks ("zalgo") are thinned to
/// ``maxMarksPerLetter`` per letter; letters of every script, emoji and punctuation are kept.
public struct TextSanitizer: Sendable {
    /// Combining marks kept on one letter: enough for every language's accents (Vietnamese
    /// stacks two), few enough that a title stays readable and short in code points.
    public static let maxMarksPerLetter = 2

    public init() {}

    /// A single-line value (a theme, a name): newlines and tabs become spaces, runs of
    /// spaces collapse, the ends are trimmed, the result is NFC-normalised.
    public func cleanLine(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var lastWasSpace = true
        var previous: Unicode.Scalar?
        var marksOnLetter = 0
        for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.isWhitespace || isLineControl(scalar) {
                if !lastWasSpace { out.append(" ") }
                lastWasSpace = true
                previous = scalar
                marksOnLetter = 0
                continue
            }
            if shouldDrop(scalar, previous: previous) { continue }
            if isCombiningMark(scalar) {
                marksOnLetter += 1
                if marksOnLetter > Self.maxMarksPerLetter { continue }
            } else {
                marksOnLetter = 0
            }
            out.append(scalar)
            lastWasSpace = false
            previous = scalar
        }
        return String(out).trimmingCharacters(in: .whitespaces)
    }

    /// Multi-line text (generated pages): keeps paragraph breaks, cleans each line.
    public func cleanParagraphs(_ text: String) -> String {
        text.components(separatedBy: .newlines)
            .map(cleanLine)
            .split(separator: "", omittingEmptySubsequences: true)
            .map { $0.joined(separator: " ") }
            .joined(separator: "\n\n")
    }

    /// True when the text carried characters that cleaning removes (used for logging, not refusal).
    public func hasHiddenCharacters(_ text: String) -> Bool {
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if shouldDrop(scalar, previous: previous) { return true }
            previous = scalar
        }
        return false
    }

    private func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: true
        default: false
        }
    }

    private func isLineControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar == "\t" || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    private func shouldDrop(_ scalar: Unicode.Scalar, previous: Unicode.Scalar?) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .surrogate, .privateUse, .unassigned:
            return true
        case .format:
            // Keep the zero-width joiner inside emoji sequences (👨‍👩‍👧); drop every other
            // format character: zero-width spaces, bidi overrides and isolates, tag characters.
            if scalar.value == 0x200D, let previous, previous.properties.isEmoji || previous.value == 0xFE0F {
                return false
            }
            return true
        default:
            return scalar.value == 0x00AD // soft hyphen
        }
    }
}
