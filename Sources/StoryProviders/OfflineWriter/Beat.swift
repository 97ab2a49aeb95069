import StoryDomain

/// One page's worth of story: what happens, how it is pictured, and its sentences for each age band.
///
/// Each line is a sentence template; `|` separates alternatives tried in order (the first that
/// renders, fits the band's sentence length and has not been used yet wins). Lines whose slots
/// have no value, such as companion lines in a story without a companion, are skipped.
struct Beat: Sendable {
    /// What a page pictures in focus.
    enum Focus: Sendable, Equatable {
        case none, thing, critter, passing, treasure, clue
        case fixed(String)
    }

    let id: String
    let action: SceneAction
    let focus: Focus
    let toddler: [String]
    let early: [String]
    let older: [String]

    init(_ id: String, _ action: SceneAction, focus: Focus = .none,
         toddler: [String], early: [String], older: [String]) {
        self.id = id
        self.action = action
        self.focus = focus
        self.toddler = toddler
        self.early = early
        self.older = older
    }

    func lines(for band: AgeBand) -> [String] {
        switch band {
        case .toddler: toddler
        case .early: early
        case .older: older
        }
    }

    /// The same beat with an extra first line for every band.
    func prepending(toddler t: String, early e: String, older o: String) -> Beat {
        Beat(id, action, focus: focus, toddler: [t] + toddler, early: [e] + early, older: [o] + older)
    }
}
