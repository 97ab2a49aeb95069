import StoryDomain

/// How a page is framed: how near the camera stands, where the figures stand, and which room
/// (if the moment is inside). Chosen from the page's scene and its number, so that two
/// consecutive pages of a story never share a composition.
struct PageComposition: Sendable, Equatable {
    /// How near the camera is.
    enum Framing: String, Sendable, CaseIterable {
        /// Figures large, the land zoomed in round them and the horizon low.
        case close
        /// The standard view.
        case mid
        /// Figures small in a big landscape.
        case wide
    }

    /// Where the group of figures stands across the picture.
    enum Spot: String, Sendable, CaseIterable {
        case left, centre, right
    }

    /// The rooms the illustrator paints for a moment inside.
    enum Room: String, Sendable, CaseIterable {
        case kitchen, workshop, classroom, bedroom, hall
        /// Home for everything but bedtime: a party, a game, a visit.
        case livingRoom = "living-room"
        case library
    }

    var framing: Framing
    var spot: Spot
    /// The room, when the moment is inside.
    var room: Room?
    /// Bedtime: the hero is in bed.
    var bed: Bool

    /// The stable short name ("wide-left", "close-right", "indoor-kitchen-mid", "bed", "bed-close").
    var name: String {
        if bed { return framing == .mid ? "bed" : "bed-\(framing.rawValue)" }
        if let room { return "indoor-\(room.rawValue)-\(framing.rawValue)" }
        return "\(framing.rawValue)-\(spot.rawValue)"
    }

    /// How much the scenery is enlarged round the figures.
    var zoom: Double {
        switch framing {
        case .close: 1.3
        case .mid: 1
        case .wide: 1
        }
    }

    /// The figures' size relative to the standard.
    var figureSize: Double {
        switch framing {
        case .close: 1.3
        case .mid: 1
        case .wide: 0.8
        }
    }

    /// Where the figures' feet stand, in scene units (indoors the floor starts lower).
    func groundY(indoors: Bool) -> Double {
        switch framing {
        case .close: 496
        case .mid: indoors ? 462 : 452
        case .wide: indoors ? 440 : 405
        }
    }

    /// The composition of a page. The framing cycles with the page number (a per-story offset from
    /// the seed), so consecutive pages always differ; the action nudges where the figures stand.
    static func choose(for request: IllustrationRequest) -> PageComposition {
        let scene = request.page.scene
        let setting = scene.place ?? request.sheet.setting
        let bed = scene.action == .sleeping
        // A picture on its own (a cast member's portrait) is the standard view, centred.
        if request.pageCount == 1 && !bed {
            return PageComposition(framing: .mid, spot: .centre, room: room(for: scene, setting: setting), bed: false)
        }
        let offset = Int(request.seed % 3)
        let framing = Framing.allCases[(request.pageNumber + offset) % 3]
        let room = bed ? .bedroom : Self.room(for: scene, setting: setting)
        var spin = SeededGenerator(seed: request.seed, salt: "spot-\(request.pageNumber)-\(scene.action.rawValue)")
        var spot = Spot.allCases[Int.random(in: 0..<3, using: &spin)]
        // Close up, the group stands off-centre so the place shows beside it.
        if framing == .close && spot == .centre { spot = request.pageNumber % 2 == 0 ? .left : .right }
        // Runners run to the right: they start on the left, with the finish ahead of them.
        if scene.action == .racing { spot = .left }
        return PageComposition(framing: framing, spot: spot, room: room, bed: bed)
    }

    /// The room of a moment inside: from its things first (an oven makes a kitchen, a hammer a
    /// workshop), then from its place.
    static func room(for scene: PageScene, setting: StorySetting) -> Room? {
        let words = Set(scene.props.map { $0.lowercased() })
        let kitchen: Set<String> = ["oven", "bread", "cake", "bowl", "spoon", "cookies", "pie", "teapot", "teacup", "apron"]
        let workshop: Set<String> = ["hammer", "toolbox", "paintbrush", "paint pot", "nails", "wheel", "ladder"]
        let classroom: Set<String> = ["desk", "blackboard", "pencil", "globe", "map"]
        // An oven or a toolbox says "inside" even when the scene forgot to (model-written scenes tell
        // no inside), but only where there is an inside: a rocket mended on the moon stays on the moon.
        let hasInside: Set<StorySetting> = [.home, .school, .castle, .town, .farm, .garden, .library]
        // A party's cake is eaten where the party is: the kitchen is for baking (an oven) or hands at work.
        let party = scene.action == .celebrating && !words.contains("oven")
        if !words.isDisjoint(with: ["oven", "toolbox"]) && hasInside.contains(setting) || scene.indoors {
            if !party && !words.isDisjoint(with: kitchen) { return .kitchen }
            if !words.isDisjoint(with: workshop) { return .workshop }
        }
        // A library is always inside; a school is painted as its classroom, and home as its living
        // room (the bedroom is for bedtime, or a moment of rest in bed's place).
        if setting == .library { return .library }
        guard scene.indoors || setting == .school || setting == .home else { return nil }
        if setting == .school || !words.isDisjoint(with: classroom) { return .classroom }
        if setting == .castle { return .hall }
        // Hands at work at home with nothing of a kitchen (knitting, wrapping) stay in the living room.
        if scene.action == .making && setting != .home { return .kitchen }
        return .livingRoom
    }
}
