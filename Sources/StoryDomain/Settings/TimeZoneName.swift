import Foundation

/// A time zone as a grown-up types it (`Europe/Paris`, `europe/paris`, `Paris`, `new york`,
/// `UTC`), made the IANA name this system knows, or refused kindly.
public enum TimeZoneName {
    /// Words that give the family back the service's default zone.
    public static let defaultWords: Set<String> = ["default", "local", "none", "reset"]

    /// The zone's IANA name, or nil for one of ``defaultWords``.
    /// - Throws: ``SettingsError/unknownTimeZone(_:)`` for a name no zone has,
    ///   ``SettingsError/ambiguousTimeZone(_:candidates:)`` for a city of several different zones.
    public static func resolve(_ typed: String) throws(SettingsError) -> String? {
        let cleaned = TextSanitizer().cleanLine(typed).trimmingCharacters(in: .whitespaces)
        if defaultWords.contains(cleaned.lowercased()) { return nil }
        let key = Self.key(cleaned)
        let shown = String(cleaned.prefix(30))
        guard !key.isEmpty, key.count <= 64 else { throw .unknownTimeZone(shown) }
        if ["utc", "gmt", "etc/utc", "z", "zulu"].contains(key) { return "UTC" }
        let known = TimeZone.knownTimeZoneIdentifiers
        if let exact = known.first(where: { Self.key($0) == key }) { return exact }
        // A city alone: the zones whose last part is that city.
        let matches = known.filter { Self.key(String($0.split(separator: "/").last ?? "")) == key && $0.contains("/") }
        guard let first = matches.first else { throw .unknownTimeZone(shown) }
        // Old and new names of one zone (America/Buenos_Aires, America/Argentina/Buenos_Aires) keep the same clocks.
        let zones = Dictionary(grouping: matches, by: offsets).values
        // Of a zone's names, the longest is the current one (the old names were shorter).
        let distinct = zones.compactMap { names in names.max { $0.count < $1.count } }.sorted()
        guard distinct.count <= 1 else { throw .ambiguousTimeZone(shown, candidates: distinct) }
        return distinct.first ?? first
    }

    /// How a zone is named to a family: its IANA name, and `UTC` for UTC (which Foundation may call `GMT`).
    public static func display(_ zone: TimeZone) -> String {
        DailyQuota.utcNames.contains(zone.identifier) ? "UTC" : zone.identifier
    }

    /// Lower-cased, spaces as underscores: how names are compared.
    static func key(_ name: String) -> String {
        name.lowercased().replacingOccurrences(of: " ", with: "_")
    }

    /// The zone's offsets in winter and in summer, to tell two names of one zone from two zones.
    private static func offsets(_ identifier: String) -> [Int] {
        guard let zone = TimeZone(identifier: identifier) else { return [] }
        return [1_768_435_200, 1_784_073_600].map { zone.secondsFromGMT(for: Date(timeIntervalSince1970: $0)) }
    }
}
