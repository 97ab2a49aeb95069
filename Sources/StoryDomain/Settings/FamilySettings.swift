/// A family's parental controls, set by its managers (Discord: Manage Server).
public struct FamilySettings: Sendable, Equatable, Codable {
    /// At most this many pages, below the plan's limit (nil: the plan decides).
    public var maxPages: Int?
    /// Languages stories may be written in (nil: all).
    public var allowedLanguages: Set<StoryLanguage>?
    /// Words and topics kept out of requests and generated stories (lower-cased).
    public var avoidList: [String]
    public var illustrations: IllustrationMode
    /// When set, only members with this role (and managers) may ask for stories.
    public var requesterRoleID: String?
    /// Discord: members with this role count as grown-ups for `/bedtime`, like the managers
    /// (`/settings set grownup_role:@role`); nil: the managers only. Optional, so settings saved
    /// before it existed read as they were.
    public var grownupRoleID: String?
    /// The family's time zone, an IANA name such as `Europe/Paris` (nil: the service's default):
    /// its days (the daily quotas), its bedtimes and every time shown to it.
    public var timeZone: String?
    /// Who the family's chat is for (`/settings set audience:children|family`); nil: the family's.
    public var audience: StoryAudience?
    /// How the last page is read (`/settings set wind_down:`); nil: off. Optional so that settings
    /// saved before it existed read as they were (the settings are one JSON document: no migration).
    public var windDown: WindDown?

    /// The wind-down in force (off when never set).
    public var windDownInForce: WindDown { windDown ?? .off }
    /// Stories a child asks for (Discord: members who are not managers or in the chosen role)
    /// and bedtime stories are shown privately to the grown-ups first (`/settings set
    /// approval:on`); nil: off (also settings saved before it existed).
    public var approval: Bool?
    /// Who is asked (Discord: the managers who turned approval on, by direct message); the web
    /// chat asks every grown-up of the room.
    public var approverIDs: [String]?

    /// Whether stories wait for a grown-up's yes.
    public var approvalInForce: Bool { approval ?? false }

    public init(maxPages: Int? = nil, allowedLanguages: Set<StoryLanguage>? = nil, avoidList: [String] = [],
                illustrations: IllustrationMode = .pictures, requesterRoleID: String? = nil, timeZone: String? = nil) {
        self.maxPages = maxPages
        self.allowedLanguages = allowedLanguages
        self.avoidList = avoidList
        self.illustrations = illustrations
        self.requesterRoleID = requesterRoleID
        self.timeZone = timeZone
    }

    /// The most avoid-list entries a family may keep, and the longest entry.
    public static let maxAvoidEntries = 50
    public static let maxAvoidEntryLength = 40
}

extension FamilySettings {
    /// The most grown-ups kept as approvers.
    public static let maxApprovers = 10

    /// Adds the grown-up who turned approval on to those asked (the newest ``maxApprovers``).
    public mutating func addApprover(_ userID: String) {
        var approvers = (approverIDs ?? []).filter { $0 != userID }
        approvers.append(userID)
        approverIDs = Array(approvers.suffix(Self.maxApprovers))
    }
}
