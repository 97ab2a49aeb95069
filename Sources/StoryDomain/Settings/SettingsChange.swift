import Foundation

/// Changes asked for with `/settings set`, each optional; validated by ``SettingsChange/apply(to:)``.
public struct SettingsChange: Sendable, Equatable {
    public var maxPages: String?
    /// Comma-separated language codes or names, or `all`.
    public var languages: String?
    /// Comma-separated words and topics, or `none` to clear. Entries are prohibitions, so they are
    /// cleaned (``cleanAvoidEntry(_:)``) but never refused by the ``BedtimeScreen``: a parent who
    /// writes "guns, spiders, death" keeps those out of stories. Nothing else in the settings is
    /// free text that reaches a story (pages, languages, pictures and roles are parsed values).
    public var avoid: String?
    /// `on`, `off` or `text`.
    public var illustrations: String?
    /// `everyone` or `role`.
    public var requesters: String?
    public var roleID: String?
    /// An IANA time zone (`Europe/Paris`), a city of one zone (`Paris`), or `default`
    /// (``TimeZoneName/resolve(_:)``).
    public var timeZone: String?
    /// `managers` (the managers only) or `role` (with ``grownupRoleID``).
    public var grownups: String?
    /// The role whose members count as grown-ups for `/bedtime`, besides the managers.
    public var grownupRoleID: String?
    /// `children` or `family` (``StoryAudience``).
    public var audience: String?
    /// `off`, `2m`, `5m` or `10m` (``WindDown``).
    public var windDown: String?
    /// `on` or `off` (a grown-up says yes first); who turned it on is added by the caller.
    public var approval: String?

    public init(maxPages: String? = nil, languages: String? = nil, avoid: String? = nil, illustrations: String? = nil,
                requesters: String? = nil, roleID: String? = nil, timeZone: String? = nil, audience: String? = nil,
                windDown: String? = nil, grownups: String? = nil, grownupRoleID: String? = nil, approval: String? = nil) {
        self.approval = approval
        self.grownups = grownups
        self.grownupRoleID = grownupRoleID
        self.audience = audience
        self.windDown = windDown
        self.maxPages = maxPages
        self.languages = languages
        self.avoid = avoid
        self.illustrations = illustrations
        self.requesters = requesters
        self.roleID = roleID
        self.timeZone = timeZone
    }

    public var isEmpty: Bool {
        [maxPages, languages, avoid, illustrations, requesters, roleID, timeZone, audience, windDown, grownups, grownupRoleID, approval].allSatisfy { ($0 ?? "").isEmpty }
    }

    /// An avoid-list entry as it is kept: cleaned like every text (invisible and control characters
    /// removed), lower-cased, with letters, digits, spaces, hyphens and apostrophes only (other
    /// symbols become spaces), so an entry reaches a model prompt as plain words in a quoted list.
    public static func cleanAvoidEntry(_ raw: String) -> String {
        let cleaned = TextSanitizer().cleanLine(raw).lowercased()
        let kept = String(cleaned.map { $0.isLetter || $0.isNumber || "-'’".contains($0) ? $0 : " " })
        return kept.split(separator: " ").joined(separator: " ")
    }

    /// The settings with these changes, or the first thing wrong with them.
    public func apply(to current: FamilySettings, pageRange: ClosedRange<Int> = 3...12) throws(SettingsError) -> FamilySettings {
        guard !isEmpty else { throw .nothingToChange }
        var settings = current
        let sanitizer = TextSanitizer()
        if let raw = maxPages?.trimmingCharacters(in: .whitespaces), !raw.isEmpty {
            guard let pages = Int(raw), pageRange.contains(pages) else { throw .badMaxPages(allowed: pageRange) }
            settings.maxPages = pages
        }
        if let raw = languages?.trimmingCharacters(in: .whitespaces), !raw.isEmpty {
            if raw.lowercased() == "all" {
                settings.allowedLanguages = nil
            } else {
                var chosen: Set<StoryLanguage> = []
                for part in raw.split(whereSeparator: { $0 == "," || $0 == " " }) where !part.isEmpty {
                    guard let language = StoryLanguage(userInput: String(part)) else {
                        throw .unknownLanguage(String(sanitizer.cleanLine(String(part)).prefix(20)))
                    }
                    chosen.insert(language)
                }
                guard !chosen.isEmpty else { throw .unknownLanguage(String(raw.prefix(20))) }
                settings.allowedLanguages = chosen
            }
        }
        if let raw = avoid?.trimmingCharacters(in: .whitespaces), !raw.isEmpty {
            if ["none", "clear", "-"].contains(raw.lowercased()) {
                settings.avoidList = []
            } else {
                let entries = raw.split(separator: ",").map { Self.cleanAvoidEntry(String($0)) }.filter { !$0.isEmpty }
                guard entries.count <= FamilySettings.maxAvoidEntries else { throw .tooManyAvoidEntries(limit: FamilySettings.maxAvoidEntries) }
                if let long = entries.first(where: { $0.count > FamilySettings.maxAvoidEntryLength }) {
                    throw .avoidEntryTooLong(String(long.prefix(20)), limit: FamilySettings.maxAvoidEntryLength)
                }
                var unique: [String] = []
                for entry in entries where !unique.contains(entry) { unique.append(entry) }
                settings.avoidList = unique
            }
        }
        if let raw = illustrations?.trimmingCharacters(in: .whitespaces).lowercased(), !raw.isEmpty {
            switch raw {
            case "on", "pictures": settings.illustrations = .pictures
            case "off", "none": settings.illustrations = .off
            case "text", "text art", "emoji": settings.illustrations = .textArt
            default: throw .badIllustrations
            }
        }
        if let change = try Self.chosenRole(requesters, role: roleID, cleared: ["everyone", "all"], missing: .roleMissing, bad: .badRequesters) {
            settings.requesterRoleID = change
        }
        if let change = try Self.chosenRole(grownups, role: grownupRoleID, cleared: ["managers", "none"], missing: .grownupRoleMissing,
                                            bad: .badGrownups) {
            settings.grownupRoleID = change
        }
        if let raw = timeZone?.trimmingCharacters(in: .whitespaces), !raw.isEmpty {
            settings.timeZone = try TimeZoneName.resolve(raw)
        }
        if let raw = audience?.trimmingCharacters(in: .whitespaces), !raw.isEmpty {
            guard let parsed = StoryAudience(parsing: raw) else { throw .badAudience }
            settings.audience = parsed
        }
        if let raw = windDown?.trimmingCharacters(in: .whitespaces), !raw.isEmpty {
            guard let parsed = WindDown(parsing: raw) else { throw .badWindDown }
            settings.windDown = parsed
        }
        if let raw = approval?.trimmingCharacters(in: .whitespaces).lowercased(), !raw.isEmpty {
            switch raw {
            case "on", "yes", "true": settings.approval = true
            case "off", "no", "false":
                settings.approval = false
                settings.approverIDs = nil
            default: throw .badApproval
            }
        }
        return settings
    }

    /// A role setting from its choice (`role`, or a word in `cleared`) and the role picked:
    /// nil leaves it as it is, `.some(nil)` clears it. A role alone sets it.
    static func chosenRole(_ choice: String?, role typed: String?, cleared: Set<String>, missing: SettingsError,
                           bad: SettingsError) throws(SettingsError) -> String?? {
        let role = typed?.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "<@&>"))
        let picked = role?.isEmpty == false ? role : nil
        guard let raw = choice?.trimmingCharacters(in: .whitespaces).lowercased(), !raw.isEmpty else { return picked.map { .some($0) } }
        if cleared.contains(raw) { return .some(nil) }
        guard raw == "role" else { throw bad }
        guard let picked else { throw missing }
        return .some(picked)
    }
}
