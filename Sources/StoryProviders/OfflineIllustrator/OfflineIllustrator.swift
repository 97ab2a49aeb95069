import Foundation
import StoryDomain

/// The built-in illustrator: paints a storybook picture for every page with Cairo, offline,
/// deterministically (the same request always gives the same PNG bytes).
///
/// The sky and light follow the page's time of day, the landscape follows the sheet's setting
/// and palette, and hero and companion are drawn in the exact colours of the character sheet
/// with fixed proportions, which keeps them consistent across pages. `request.previous` is
/// ignored: consistency comes from the sheet, not from the previous picture.
///
/// Sizes outside 64...4096 pixels on either side are not clamped: `illustrate` throws
/// ``OfflineIllustratorError/invalidSize(width:height:)``.
public struct OfflineIllustrator: Illustrator {
    /// The allowed width and height in pixels.
    public static let sizeRange = 64...4096

    public let name = "offline"
    public let width: Int
    public let height: Int
    /// Pages are painted one at a time, on a thread of lower CPU priority, off the cooperative pool.
    private let painter = LowPriorityThread(name: "offline-illustrator")

    public init(width: Int = 768, height: Int = 512) {
        self.width = width
        self.height = height
    }

    /// Straight (non-premultiplied) RGBA pixels, row by row, 4 bytes per pixel.
    public struct Pixels: Sendable {
        public var width: Int
        public var height: Int
        public var rgba: [UInt8]
    }

    /// Paints the page and returns it as a PNG (`image/png`) of `width`×`height`.
    /// Paints on the illustrator's own low-priority thread, not on Swift's cooperative thread
    /// pool: a page is ~20 ms of CPU, and on a 2-core machine painting would otherwise hold the
    /// cooperative threads (and the CPU) while chat interactions wait to be acknowledged.
    public func illustrate(_ request: IllustrationRequest) async throws -> Illustration {
        let data = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
            painter.submit {
                continuation.resume(with: Result { try renderPNG(request) })
            }
        }
        return Illustration(data: data, contentType: "image/png", width: width, height: height)
    }

    /// Paints the page synchronously and returns the PNG bytes.
    public func renderPNG(_ request: IllustrationRequest) throws(OfflineIllustratorError) -> Data {
        try paint(request).pngData()
    }

    /// Paints the page and returns its pixels instead of PNG bytes (for checks and tests).
    public func renderPixels(_ request: IllustrationRequest) throws(OfflineIllustratorError) -> Pixels {
        let canvas = try paint(request)
        return Pixels(width: width, height: height, rgba: canvas.rgbaPixels())
    }

    /// What the page's picture shows: setting, backdrop, things and figures, as the painter draws them.
    public func picture(for request: IllustrationRequest) -> PagePicture {
        Self.layout(request, sceneWidth: Double(width) / (Double(height) / 512))
    }

    /// Fixed colours for figures met on a page (not hero or companion), so a whale or Grandma
    /// looks the same on every page of every story.
    static func otherDesign(_ kind: CreatureKind) -> CharacterDesign {
        let colours: (RGB, RGB, RGB) = switch kind {
        case .grownUp: (RGB(235, 200, 175), RGB(150, 110, 190), RGB(215, 215, 220))
        case .whale: (RGB(90, 120, 160), RGB(250, 200, 90), RGB(60, 80, 110))
        case .octopus: (RGB(240, 130, 160), RGB(120, 200, 230), RGB(200, 90, 130))
        case .fish: (RGB(250, 140, 50), RGB(250, 230, 120), RGB(200, 90, 30))
        case .horse: (RGB(170, 100, 60), RGB(80, 140, 220), RGB(70, 45, 30))
        case .butterfly: (RGB(90, 160, 240), RGB(250, 215, 70), RGB(40, 40, 60))
        case .dinosaur: (RGB(110, 180, 100), RGB(240, 120, 90), RGB(70, 130, 70))
        default: (RGB(200, 170, 130), RGB(120, 190, 200), RGB(120, 90, 70))
        }
        return CharacterDesign(name: "", kind: kind, bodyColor: colours.0, accentColor: colours.1, detailColor: colours.2,
                               looks: "", trait: "")
    }

    /// The layout of a page, from the request alone (deterministic: the same request, the same layout).
    static func layout(_ request: IllustrationRequest, sceneWidth: Double) -> PagePicture {
        let sheet = request.sheet
        let scene = request.page.scene
        let setting = scene.place ?? sheet.setting
        var page = SeededGenerator(seed: request.seed, salt: "page-\(request.pageNumber)")
        _ = Double.random(in: -50...50, using: &page) // the scenery's pan
        let action = scene.action
        let gap: Double = switch action {
        case .hugging: 70
        case .sleeping: 190
        default: 130
        }
        let centre = sceneWidth / 2 + Double.random(in: -40...40, using: &page)
        let baseY: Double = [.home, .school].contains(setting) ? 462 : 452
        // A companion that is the one lost is not drawn until it is found.
        let present = scene.companionAway ? nil : sheet.companion
        let heroX = present == nil ? centre : centre - gap / 2
        let companionX = centre + gap / 2

        func figure(_ design: CharacterDesign, role: PagePicture.Role, x: Double, baseY: Double, size: Double) -> PagePicture.Figure {
            let scale = FigurePainter.scale(of: design.kind) * ([.child, .grownUp].contains(design.kind) ? 1.0 : 1.15) * size
            let standing: Double = switch design.kind {
            case .grownUp, .child: PersonLook.height(of: design)
            case .horse: 175
            case .butterfly: 165
            case .octopus: 160
            case .fish, .whale: 110
            default: 150
            }
            return PagePicture.Figure(kind: design.kind, role: role, x: x, baseY: baseY, size: size,
                                      colors: [design.bodyColor, design.accentColor, design.detailColor],
                                      height: standing * scale)
        }

        var figures: [PagePicture.Figure] = []
        if let companion = present {
            figures.append(figure(companion, role: .companion, x: companionX, baseY: baseY, size: 1))
        }
        figures.append(figure(sheet.hero, role: .hero, x: heroX, baseY: baseY, size: 1))
        // The other named heroes stand on the hero's other side, one step apart, on every page.
        // Asleep they lie end to end: a step wide enough that the hero's hair leaves the friend's face and collar in view.
        let step: Double = action == .sleeping ? 150 : 105
        for (index, friend) in sheet.friends.prefix(2).enumerated() {
            figures.append(figure(friend, role: .friend, x: max(50, heroX - step * Double(index + 1)), baseY: baseY + 4, size: 0.95))
        }
        let right = present == nil ? heroX : companionX
        for (index, kind) in scene.others.enumerated() where index < 2 {
            // Beside the pair, on whichever side has more room; swimmers and fliers a little higher.
            let onRight = index == 0 ? right + 150 < sceneWidth - 40 : false
            let left = heroX - 150 - Double(index) * 40 - (sheet.friends.isEmpty ? 0 : step * Double(min(2, sheet.friends.count)))
            let x = onRight ? right + 150 : left
            let lift: Double = [.fish, .whale, .butterfly].contains(kind) ? 60 : 0
            figures.append(figure(otherDesign(kind), role: .other, x: max(60, x), baseY: baseY - 10 - lift, size: 0.8))
        }

        var props: [PagePicture.Prop] = []
        for (index, word) in scene.props.prefix(2).enumerated() {
            guard let shape = PropPainter.shape(for: word) else { continue }
            if shape == .rocket {
                props.append(PagePicture.Prop(word: word, shape: shape.rawValue, x: sceneWidth * 0.12, y: baseY - 110))
            } else if action == .sleeping {
                props.append(PagePicture.Prop(word: word, shape: shape.rawValue, x: sceneWidth * 0.88, y: baseY - 150))
            } else {
                let x = (heroX + (present == nil ? heroX + 120 : companionX)) / 2 + Double(index) * 70
                props.append(PagePicture.Prop(word: word, shape: shape.rawValue, x: x, y: baseY - 235))
            }
        }
        return PagePicture(setting: setting, backdrop: PagePicture.backdrop(for: setting), props: props,
                           figures: figures, sceneWidth: sceneWidth)
    }

    private func paint(_ request: IllustrationRequest) throws(OfflineIllustratorError) -> CairoCanvas {
        guard Self.sizeRange.contains(width), Self.sizeRange.contains(height) else {
            throw .invalidSize(width: width, height: height)
        }
        let sheet = request.sheet
        let scene = request.page.scene
        let canvas = try CairoCanvas(width: width, height: height)
        let light = Lighting(time: scene.timeOfDay, palette: sheet.palette)
        // Scene units: 512 tall, as wide as the aspect ratio asks.
        let unit = Double(height) / 512
        let sceneWidth = Double(width) / unit
        let picture = Self.layout(request, sceneWidth: sceneWidth)
        canvas.scale(unit, unit)
        // An opaque base, so every pixel is opaque and the PNG can be plain RGB.
        canvas.setColor(light.skyStops.last?.1 ?? .white)
        canvas.paint()

        var world = SeededGenerator(seed: request.seed, salt: "world-\(picture.setting.rawValue)")
        var page = SeededGenerator(seed: request.seed, salt: "page-\(request.pageNumber)")
        let pan = Double.random(in: -50...50, using: &page)

        let scenery = SceneryPainter(canvas: canvas, width: sceneWidth, height: 512, sheet: sheet, setting: picture.setting,
                                     light: light, pan: pan)
        scenery.paint(world: &world, page: &page)
        scenery.vignette()

        let action = scene.action
        guard let hero = picture.figures.first(where: { $0.role == .hero }) else { return canvas }
        if light.isDark && ![.home, .school].contains(picture.setting) {
            let lanternX = action == .sleeping && sheet.companion != nil ? (hero.x + 65) : hero.x - 92
            lantern(canvas: canvas, x: lanternX, baseY: hero.baseY + 6)
        }
        let props = PropPainter(canvas: canvas)
        for prop in picture.props {
            guard let shape = PropPainter.Shape(rawValue: prop.shape) else { continue }
            if action == .discovering {
                canvas.glow(x: prop.x, y: prop.y, radius: 46, color: PaintColor(1.0, 0.95, 0.6), alpha: 0.7)
            }
            props.draw(shape, x: prop.x, y: prop.y, size: shape == .rocket ? 150 : 64)
        }
        let figures = FigurePainter(canvas: canvas)
        for other in picture.figures where other.role == .other {
            let facing: Double = other.x > hero.x ? -1 : 1
            let pose: FigurePainter.Pose = action == .sleeping ? .standing : .standing
            figures.draw(Self.otherDesign(other.kind), x: other.x, baseY: other.baseY, facing: facing, pose: pose, size: other.size)
        }
        if let companion = sheet.companion, let drawn = picture.figures.first(where: { $0.role == .companion }) {
            // A grown-up companion tucks the hero in rather than sleeping beside them.
            let pose = companion.kind == .grownUp && action == .sleeping ? .standing : FigurePainter.pose(for: action, hero: false)
            figures.draw(companion, x: drawn.x, baseY: drawn.baseY, facing: -1, pose: pose)
        }
        for (index, drawn) in picture.figures.filter({ $0.role == .friend }).enumerated().reversed() where index < sheet.friends.count {
            figures.draw(sheet.friends[index], x: drawn.x, baseY: drawn.baseY, facing: 1, pose: FigurePainter.pose(for: action, hero: true),
                         size: drawn.size)
        }
        figures.draw(sheet.hero, x: hero.x, baseY: hero.baseY, facing: 1, pose: FigurePainter.pose(for: action, hero: true))
        return canvas
    }

    /// A little lantern with a warm glow (drawn behind the figures, so their colours stay exact).
    private func lantern(canvas: CairoCanvas, x: Double, baseY: Double) {
        let warm = PaintColor(1.0, 0.8, 0.4)
        canvas.glow(x: x, y: baseY - 30, radius: 170, color: warm, alpha: 0.35)
        canvas.roundedRect(x - 13, baseY - 46, 26, 40, radius: 6)
        canvas.fill(PaintColor(1.0, 0.88, 0.55))
        canvas.circle(x, baseY - 26, 7)
        canvas.fill(.white, alpha: 0.8)
        canvas.rect(x - 16, baseY - 8, 32, 8)
        canvas.rect(x - 16, baseY - 52, 32, 7)
        canvas.fill(PaintColor(0.3, 0.22, 0.2))
        canvas.arc(x, baseY - 52, 9, from: .pi, to: 2 * .pi)
        canvas.stroke(PaintColor(0.3, 0.22, 0.2), width: 2.5)
    }
}
