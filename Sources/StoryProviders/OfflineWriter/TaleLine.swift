import StoryDomain

/// One sentence of a tale's beat: alternatives (`{slot}` templates, see ``TaleSlots``) and the
/// ages that hear it. A template whose slot has no value is skipped, so a line without an object
/// or a partner falls back to an alternative that needs none.
struct TaleLine: Sendable {
    var alternatives: [String]
    var bands: Set<AgeBand>

    init(_ alternatives: [String], bands: Set<AgeBand> = Set(AgeBand.allCases)) {
        self.alternatives = alternatives
        self.bands = bands
    }

    /// Every age.
    static func all(_ alternatives: String...) -> TaleLine { TaleLine(alternatives) }
    /// Ages 2–4 only (repetition, sounds, a refrain).
    static func young(_ alternatives: String...) -> TaleLine { TaleLine(alternatives, bands: [.toddler]) }
    /// Ages 5–12.
    static func grown(_ alternatives: String...) -> TaleLine { TaleLine(alternatives, bands: [.early, .older]) }
    /// Ages 8–12 only (a real choice, a little humour, a thought).
    static func older(_ alternatives: String...) -> TaleLine { TaleLine(alternatives, bands: [.older]) }
}
