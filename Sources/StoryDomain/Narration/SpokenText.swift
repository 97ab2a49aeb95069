import Foundation

/// Page text made ready for a voice: markdown marks, emoji and symbols a voice would read out
/// ("asterisk") are dropped, and the hero's name is written the way it is to be said — as the
/// family wrote it, except that a name in capitals (`MIA`) is not spelled out letter by letter.
public enum SpokenText {
    public static func clean(_ text: String, heroName: String) -> String {
        var spoken = String(text.unicodeScalars.filter { scalar in
            !(scalar.properties.isEmojiPresentation || (scalar.properties.isEmoji && scalar.value > 0xFF)
                || scalar.value == 0xFE0F || scalar.value == 0x200D || "*_`~#|<>".unicodeScalars.contains(scalar))
        }.map(Character.init))
        let name = heroName.trimmingCharacters(in: .whitespaces)
        if name.count > 1, name == name.uppercased(), name != name.lowercased() {
            spoken = spoken.replacingOccurrences(of: name, with: name.capitalized)
        }
        // Runs of spaces left where marks were, and spaces at the ends of lines.
        while spoken.contains("  ") { spoken = spoken.replacingOccurrences(of: "  ", with: " ") }
        return spoken.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
