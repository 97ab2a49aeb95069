import Foundation

/// The name a member gives when they join (shown beside their messages): any script, kept as
/// typed once invisible characters are removed, at most 40 characters, with at least one
/// letter or digit.
public enum MemberName {
    public static let maxLength = 40

    /// The cleaned name, or nil when nothing usable is left (`!!!`, spaces, invisible marks).
    public static func clean(_ raw: String) -> String? {
        let cleaned = String(TextSanitizer().cleanLine(raw).prefix(maxLength)).trimmingCharacters(in: .whitespaces)
        guard cleaned.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
        return cleaned
    }
}
