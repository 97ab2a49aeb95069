import StoryDomain

/// Where everything of a page goes, decided from the request alone (the same request, the same layout).
extension OfflineIllustrator {
    /// Words drawn up in the sky rather than on the ground.
    static let skyWords: Set<String> = ["kite", "balloon", "star", "planet"]
    /// Words for big things, drawn larger so they read.
    static let bigWords: Set<String> = ["oven", "finish line", "boat", "tractor", "hay bale", "rocket", "snowman", "ladder", "desk",
                                        "blackboard", "picnic blanket", "telescope", "globe", "sled", "bunting", "wheel"]
    /// Words a rider sits in: drawn as the vehicle round the figures.
    static let rideWords: Set<String> = ["boat", "sled"]

    /// How tall a design stands at size 1, in scene units.
    static func standingHeight(_ design: CharacterDesign) -> Double {
        let base: Double = switch design.kind {
        case .grownUp, .child: PersonLook.height(of: design)
        // The helmet's plume above the head.
        case .knight: PersonLook.height(of: design) + 16
        case .car: 115
        case .train: 135
        case .tractor, .boat: 150
        case .rocket, .snowman: 174
        case .cloud: 140
        case .horse: 175
        case .butterfly: 165
        case .octopus: 160
        case .fish, .whale: 110
        case .giraffe: 270
        case .crab: 120
        default: 150
        }
        return base * FigurePainter.scale(of: design.kind) * (design.kind.isPerson ? 1.0 : 1.15)
    }

    static func figure(_ design: CharacterDesign, role: PagePicture.Role, x: Double, baseY: Double, size: Double,
                       lying: Bool = false, lift: Double = 0) -> PagePicture.Figure {
        PagePicture.Figure(kind: design.kind, role: role, x: x, baseY: baseY, size: size,
                           colors: [design.bodyColor, design.accentColor, design.detailColor],
                           height: standingHeight(design) * size, lying: lying, lift: lift)
    }

    /// The layout of a page, from the request alone (deterministic: the same request, the same layout).
    static func layout(_ request: IllustrationRequest, sceneWidth: Double) -> PagePicture {
        let composition = PageComposition.choose(for: request)
        if composition.bed { return bedLayout(request, composition: composition, sceneWidth: sceneWidth) }
        let sheet = request.sheet
        let scene = request.page.scene
        let action = scene.action
        let place = scene.place ?? sheet.setting
        let room = composition.room
        let setting: StorySetting = switch room {
        case .bedroom, .livingRoom: .home
        case .classroom: .school
        case .library: .library
        default: place
        }
        let ground = composition.groundY(indoors: room != nil)
        // Only words with a drawing, and none that cannot be there (no kite on the moon, no balloon under the sea).
        let airless: Set<String> = setting == .space || setting == .underwater ? ["kite", "balloon", "umbrella", "puddle", "bunting"] : []
        let words = scene.props.map { $0.lowercased() }.filter { PropPainter.shape(for: $0) != nil && !airless.contains($0) }
        let riding = action == .riding
        // A table between hero and companion for hands at work inside.
        let table = [.kitchen, .workshop].contains(room) || (room != nil && action == .making)

        // The row, left to right: friends, hero, (table), companion, others met.
        struct Member { var design: CharacterDesign; var role: PagePicture.Role; var size: Double; var lift: Double }
        let present = scene.companionAway ? nil : sheet.companion
        var row: [Member?] = sheet.friends.prefix(2).reversed().map { Member(design: $0, role: .friend, size: 0.95, lift: 0) }
        // A cloud floats a little above the ground.
        func floating(_ design: CharacterDesign) -> Double { design.kind == .cloud ? 50 : 0 }
        row.append(Member(design: sheet.hero, role: .hero, size: 1, lift: floating(sheet.hero)))
        if table { row.append(nil) }
        if let present { row.append(Member(design: present, role: .companion, size: 1, lift: floating(present))) }
        for kind in scene.others.prefix(2) {
            let lift: Double = [.fish, .whale, .butterfly].contains(kind) ? 60 : 0
            row.append(Member(design: otherDesign(kind), role: .other, size: 0.8, lift: lift))
        }
        // Fliers are lifted off the ground; riders sit up in their boat or sled.
        let flying = action == .flying ? 70.0 : riding ? 16 : 0
        // Half widths and centres at size 1; the table is 150 wide.
        func half(_ member: Member?) -> Double {
            guard let member else { return 80 }
            return standingHeight(member.design) * member.size * FigurePainter.halfWidthRatio(of: member.design.kind)
        }
        var centres: [Double] = []
        var cursor = 0.0
        for (index, member) in row.enumerated() {
            if index > 0 {
                let close = action == .hugging && member?.role == .companion
                cursor += half(row[index - 1]) + half(member) + (close ? -24 : riding ? 2 : 14)
            }
            centres.append(cursor)
        }
        let span = (centres.last ?? 0) + half(row.last ?? nil) + half(row.first ?? nil)
        let tallest = row.compactMap { $0 }.map { standingHeight($0.design) * $0.size + $0.lift + ($0.role == .other ? 0 : flying) }.max() ?? 150
        let margin = 24.0, inset = sceneWidth * 0.04
        let size = min(composition.figureSize, (sceneWidth - 2 * margin - 2 * inset) / span, (ground - 30) / tallest)
        let start: Double = switch composition.spot {
        case .left: margin + inset
        case .centre: (sceneWidth - span * size) / 2
        case .right: sceneWidth - margin - inset - span * size
        }
        let left = start + half(row.first ?? nil) * size
        var figures: [PagePicture.Figure] = []
        var tableBox: PagePicture.Box?
        for (index, member) in row.enumerated() {
            let x = left + centres[index] * size
            guard let member else {
                let top = ground - 86 * size
                tableBox = PagePicture.Box(x: x - 75 * size, y: top, width: 150 * size, height: ground - top)
                continue
            }
            let lift = (member.lift + (member.role == .other ? 0 : flying)) * size
            let baseY = member.role == .other ? ground - 10 * size : member.role == .friend ? ground + 4 * size : ground
            figures.append(figure(member.design, role: member.role, x: x, baseY: min(baseY, 508), size: member.size * size, lift: lift))
        }
        // The painter draws others first, then companion, friends and the hero on top.
        figures.sort { (order($0.role), $0.x) < (order($1.role), $1.x) }

        let groupLeft = start, groupRight = start + span * size
        let zoomX = min(max((groupLeft + groupRight) / 2, sceneWidth * 0.35), sceneWidth * 0.65)
        var picture = PagePicture(setting: setting, backdrop: room.map { PagePicture.backdrop(for: $0) } ?? PagePicture.backdrop(for: setting),
                                  props: [], figures: figures, sceneWidth: sceneWidth, composition: composition.name,
                                  room: room?.rawValue, weather: nil)
        picture.zoom = composition.zoom
        picture.zoomX = zoomX
        picture.zoomY = 210
        picture.table = tableBox
        // Weather falls under a sky: not inside, not on the moon, not under the sea.
        if let weather = scene.weather, room == nil, ![.space, .underwater].contains(setting) {
            picture.weather = weather.rawValue
            picture.backdrop.append(weather.rawValue)
        }
        if room == nil && (action == .racing || words.contains("finish line")) { picture.backdrop.append("race track") }
        if room == nil && (action == .celebrating || words.contains("bunting")) { picture.backdrop.append("bunting") }
        if riding { picture.ride = words.first { rideWords.contains($0) } ?? (place == .snow ? "sled" : "boat") }
        picture.props = placeProps(words, picture: picture, ground: ground, size: size, free: (groupLeft, groupRight),
                                   oven: room == .kitchen)
        return picture
    }

    private static func order(_ role: PagePicture.Role) -> Int {
        switch role {
        case .other: 0
        case .companion: 1
        case .friend: 2
        case .hero: 3
        }
    }

    /// Puts each drawable word where it belongs: up in the sky, on the table, at the finish, on the
    /// ground beside the group; never outside the frame.
    private static func placeProps(_ words: [String], picture: PagePicture, ground: Double, size: Double,
                                   free group: (left: Double, right: Double), oven: Bool) -> [PagePicture.Prop] {
        let width = picture.sceneWidth
        let roomRight = width - group.right, roomLeft = group.left
        // The free side: where there is more room beside the group.
        let rightSide = roomRight >= roomLeft
        var props: [PagePicture.Prop] = []
        var onTable = 0, onGround = 0, inSky = 0
        for word in words.prefix(3) {
            guard let shape = PropPainter.shape(for: word)?.rawValue else { continue }
            let scale = min(1.3, max(0.8, size))
            let across = (bigWords.contains(word) ? 130 : 70) * scale
            var x: Double, y: Double
            if word == picture.ride {
                // The vehicle round the riders: as wide as the group.
                let w = group.right - group.left + 40
                props.append(PagePicture.Prop(word: word, shape: shape, x: (group.left + group.right) / 2, y: ground - 30 * size,
                                              size: min(w, width - 8)))
                continue
            } else if word == "bunting" {
                x = width / 2; y = 70
            } else if skyWords.contains(word) || (word == "rocket" && picture.setting != .space) {
                x = rightSide ? group.right + roomRight * (0.45 + 0.2 * Double(inSky)) : group.left * (0.55 - 0.2 * Double(inSky))
                y = 110 + 40 * Double(inSky)
                inSky += 1
            } else if word == "oven" && oven {
                x = rightSide ? width - across / 2 - 16 : across / 2 + 16
                y = ground - across / 2 - 4
            } else if let table = picture.table, !bigWords.contains(word) {
                x = table.x + table.width * (0.25 + 0.5 * Double(onTable % 2))
                y = table.y - across / 2 + 3
                onTable += 1
            } else if word == "finish line" || word == "flags" || word == "trophy" {
                // At the end of the race, ahead of the runners.
                x = rightSide ? group.right + across * 0.7 + Double(onGround) * across * 0.6 : group.left - across * 0.7 - Double(onGround) * across * 0.6
                y = ground - across / 2
                onGround += 1
            } else {
                let step = across * 0.9 + 10
                x = rightSide ? group.right + across / 2 + 12 + Double(onGround) * step : group.left - across / 2 - 12 - Double(onGround) * step
                y = ground - across / 2 + 6
                onGround += 1
            }
            // Inside the frame, whatever the room beside the group.
            x = min(max(x, across / 2 + 4), width - across / 2 - 4)
            y = min(max(y, across / 2 + 4), 508 - across / 2)
            props.append(PagePicture.Prop(word: word, shape: shape, x: x, y: y, size: across))
        }
        return props
    }

    /// A thing in its bed: upright on the mattress, its face towards the pillow (facing left), as
    /// big as the bed and the frame allow, its back half to go under the blanket.
    private static func tucked(_ design: CharacterDesign, role: PagePicture.Role, in bed: PagePicture.Box,
                               mattressTop: Double, k: Double) -> PagePicture.Figure {
        let height = standingHeight(design)
        let across = 2 * height * FigurePainter.halfWidthRatio(of: design.kind)
        let size = min(1.0 * k, (bed.width - 60 * k) / across, (mattressTop - 16) / height)
        var figure = figure(design, role: role, x: bed.x + bed.width / 2 + 6 * k, baseY: mattressTop + 4 * k, size: size)
        figure.tucked = true
        return figure
    }

    /// Bedtime: the hero in bed under the blanket, head on the pillow; a creature companion curled at
    /// the foot of the bed, a grown-up standing beside it; friends in their own beds alongside.
    private static func bedLayout(_ request: IllustrationRequest, composition: PageComposition, sceneWidth: Double) -> PagePicture {
        let sheet = request.sheet
        let scene = request.page.scene
        let friends = Array(sheet.friends.prefix(2))
        let length = 300.0, gap = 36.0
        let wanted: Double = switch composition.framing {
        case .close: 1.2
        case .mid: 1
        case .wide: 0.82
        }
        let present = scene.companionAway ? nil : sheet.companion
        let grownUp = present?.kind == .grownUp
        // A car, a train or a cloud sleeps in its own bed beside the hero's (things never curl up at the foot).
        let companionBed = present?.kind.isThing == true
        let count = Double(1 + friends.count + (companionBed ? 1 : 0))
        // Room beside the beds for a grown-up standing at the foot.
        let besides = grownUp ? 140.0 : 0
        let k = min(wanted, (sceneWidth - 48) / (count * length + (count - 1) * gap + besides))
        let floor: Double = switch composition.framing {
        case .close: 500
        case .mid: 478
        case .wide: 450
        }
        let total = (count * length + (count - 1) * gap + besides) * k
        let start: Double = switch composition.spot {
        case .left: 24
        case .centre: (sceneWidth - total) / 2
        case .right: sceneWidth - 24 - total
        }
        var beds: [PagePicture.Box] = []
        var figures: [PagePicture.Figure] = []
        let sleepers: [(CharacterDesign, PagePicture.Role)] = [(sheet.hero, .hero)]
            + (companionBed ? present.map { [($0, PagePicture.Role.companion)] } ?? [] : []) + friends.map { ($0, .friend) }
        for (index, sleeper) in sleepers.enumerated() {
            // A grown-up stands between the hero's bed and the friends' beds.
            let bx = start + Double(index) * (length + gap) * k + (index > 0 ? besides * k : 0)
            let bed = PagePicture.Box(x: bx, y: floor - 175 * k, width: length * k, height: 175 * k)
            beds.append(bed)
            let mattressTop = floor - 95 * k
            if sleeper.0.kind.isThing {
                figures.append(tucked(sleeper.0, role: sleeper.1, in: bed, mattressTop: mattressTop, k: k))
                continue
            }
            // Head on the pillow at the headboard end, feet short of the foot (leaving room for a pet on the hero's bed).
            let footRoom = index == 0 && present != nil && !grownUp && !companionBed ? 100.0 : 30
            let room = (length - 34 - footRoom) * k
            let size = min(1.15 * k, room / standingHeight(sleeper.0))
            let lengthDrawn = standingHeight(sleeper.0) * size
            let headX = bx + 32 * k
            let scale = size * FigurePainter.scale(of: sleeper.0.kind) * (sleeper.0.kind.isPerson ? 1.0 : 1.15)
            // The sleeping pose lies along a line 30 figure units above the feet.
            let axis = mattressTop - 14 * k
            figures.append(figure(sleeper.0, role: sleeper.1, x: headX + lengthDrawn, baseY: axis + 30 * scale, size: size, lying: true))
        }
        if let present, let bed = beds.first, !companionBed {
            if grownUp {
                // Standing behind the foot of the bed, tucking the hero in.
                figures.insert(figure(present, role: .companion, x: bed.maxX + besides * k / 2, baseY: floor - 6 * k, size: k), at: 0)
            } else {
                // Curled up asleep on the blanket at the foot of the bed.
                let size = min(0.8 * k, 140 * k / standingHeight(present))
                let half = standingHeight(present) * size * FigurePainter.halfWidthRatio(of: present.kind)
                figures.insert(figure(present, role: .companion, x: bed.maxX - 10 * k - half, baseY: floor - 92 * k, size: size), at: 0)
            }
        }
        var picture = PagePicture(setting: .home, backdrop: PagePicture.backdrop(for: .home), props: [], figures: figures,
                                  sceneWidth: sceneWidth, composition: composition.name, room: "bedroom", weather: nil)
        picture.beds = beds
        picture.zoom = 1
        // Things of the moment on the floor in the free space beside the beds.
        let lastBed = beds.last?.maxX ?? 0
        let rightSide = sceneWidth - (start + total) >= start
        var props: [PagePicture.Prop] = []
        for (index, word) in scene.props.prefix(2).map({ $0.lowercased() }).enumerated() {
            guard let shape = PropPainter.shape(for: word)?.rawValue else { continue }
            let across = 58.0
            let freeX = rightSide ? min(sceneWidth - across / 2 - 6, max(lastBed, start + total) + 40 + Double(index) * 64)
                : max(across / 2 + 6, start - 40 - Double(index) * 64)
            props.append(PagePicture.Prop(word: word, shape: shape, x: freeX, y: floor - across / 2 + 4, size: across))
        }
        picture.props = props
        return picture
    }
}
