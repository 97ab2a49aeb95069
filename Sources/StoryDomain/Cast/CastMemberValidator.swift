import Foundation

/// Cleans and checks what a family types for a cast member, as every other input is: control,
/// zero-width and bidi characters removed and "zalgo" thinned (``TextSanitizer``), names plain
/// names (``CharacterNameRule``), name and look passed through the ``BedtimeScreen`` and the
/// family's avoid-list, lengths and ages within ``CastLimits``.
public struct CastMemberValidator: Sendable {
    private let sanitizer = TextSanitizer()
    private let screen = BedtimeScreen()
    private let nameRule = CharacterNameRule()
    /// The family's avoid-list.
    public var avoid: [String]

    public init(avoid: [String] = []) { self.avoid = avoid }

    /// A cleaned plain name.
    public func name(_ raw: String?) throws(CastError) -> String {
        guard let raw, !raw.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .missingName }
        let limit = CharacterNameRule.maxLength
        guard raw.unicodeScalars.count <= limit * 8 else { throw .tooLong(field: "name", limit: limit) }
        let cleaned = sanitizer.cleanLine(raw)
        guard !cleaned.isEmpty else { throw .emptyAfterCleaning(field: "name") }
        guard nameRule.isPlainName(cleaned) else { throw .invalidName }
        guard cleaned.count <= limit else { throw .tooLong(field: "name", limit: limit) }
        try screened([cleaned])
        return cleaned
    }

    /// A kind from its name or an everyday word for it.
    public func kind(_ raw: String?) throws(CastError) -> CastKind {
        let text = sanitizer.cleanLine(raw ?? "")
        guard let kind = CastKind(parsing: text) else { throw .unknownKind(String(text.prefix(20))) }
        return kind
    }

    /// The pronouns typed (nil when nothing was typed); refused unless he, she, they or "name".
    public func pronouns(_ raw: String?) throws(CastError) -> PronounChoice? {
        let text = sanitizer.cleanLine(raw ?? "")
        guard !text.isEmpty else { return nil }
        guard text.count <= 40, let choice = PronounChoice(reading: text) else { throw .unknownPronouns(String(text.prefix(20))) }
        return choice
    }

    /// An age for a child or baby (nil when none was given); refused for anyone else.
    public func age(_ raw: String?, kind: CastKind) throws(CastError) -> Int? {
        let text = (raw ?? "").trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        let allowed = kind == .baby ? CastLimits.babyAges : CastLimits.childAges
        guard kind == .child || kind == .baby else { throw .ageOnlyForChildren }
        guard text.count <= 3, let age = Int(text), allowed.contains(age) else {
            throw .badAge(String(sanitizer.cleanLine(text).prefix(8)), allowed: allowed)
        }
        return age
    }

    /// A cleaned, screened look of at most ``CastLimits/maxLookLength`` characters ("" for none).
    public func look(_ raw: String?) throws(CastError) -> String {
        guard let raw, !raw.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return "" }
        let limit = CastLimits.maxLookLength
        guard raw.unicodeScalars.count <= limit * 8 else { throw .tooLong(field: "look", limit: limit) }
        let cleaned = sanitizer.cleanLine(raw)
        guard !cleaned.isEmpty else { throw .emptyAfterCleaning(field: "look") }
        guard cleaned.count <= limit else { throw .tooLong(field: "look", limit: limit) }
        try screened([cleaned])
        return cleaned
    }

    /// A member's sensitivities as typed (comma-separated; `none` clears), cleaned like the
    /// family's avoid-list entries (``SettingsChange/cleanAvoidEntry(_:)``); nil when nothing was typed.
    public func sensitivities(_ raw: String?) throws(CastError) -> [String]? {
        guard let raw, !raw.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        guard raw.unicodeScalars.count <= CastLimits.maxSensitivitiesLength * 4 else {
            throw .tooLong(field: "avoid", limit: CastLimits.maxSensitivitiesLength)
        }
        if ["none", "clear", "-"].contains(raw.trimmingCharacters(in: .whitespaces).lowercased()) { return [] }
        var kept: [String] = []
        for entry in raw.split(separator: ",").map({ SettingsChange.cleanAvoidEntry(String($0)) }) where !entry.isEmpty && !kept.contains(entry) {
            guard entry.count <= FamilySettings.maxAvoidEntryLength else { throw .tooLong(field: "avoid", limit: FamilySettings.maxAvoidEntryLength) }
            kept.append(entry)
        }
        guard kept.count <= CastLimits.maxSensitivities else { throw .tooManySensitivities(limit: CastLimits.maxSensitivities) }
        guard kept.joined(separator: ",").count <= CastLimits.maxSensitivitiesLength else {
            throw .tooLong(field: "avoid", limit: CastLimits.maxSensitivitiesLength)
        }
        return kept
    }

    private func screened(_ texts: [String]) throws(CastError) {
        if let concern = screen.firstConcern(in: texts) { throw .unsafe(concern.category) }
        if let word = GeneratedStoryChecker(avoidList: avoid).firstAvoidedWord(in: texts) { throw .avoided(word) }
    }
}
