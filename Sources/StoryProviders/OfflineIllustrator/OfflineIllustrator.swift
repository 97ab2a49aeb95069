import Foundation
import ImageDecoding
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
    /// Consistency comes from the sheet: the pipeline need not keep the previous page's picture.
    public var usesPreviousPicture: Bool { false }
    public let width: Int
    public let height: Int
    /// Whether `illustrate` also writes each page's chat form (a WebP) from its canvas.
    public let writesChatForms: Bool
    /// Pages are painted one at a time, on a thread of lower CPU priority, off the cooperative pool.
    private let painter = LowPriorityThread(name: "offline-illustrator")
    /// Chat forms are encoded on a thread of their own (as low), while the painter paints the next page.
    private let encoder = LowPriorityThread(name: "offline-illustrator-webp")
    private let canvases: CanvasKeeper

    /// - Parameter writesChatForms: make each page's ``Illustration/chatForm`` (WebP at
    ///   ``PictureEncoder/chatQuality``) from the painted pixels, so no PNG is decoded to make it.
    public init(width: Int = 768, height: Int = 512, writesChatForms: Bool = false) {
        self.width = width
        self.height = height
        self.writesChatForms = writesChatForms
        canvases = CanvasKeeper(width: width, height: height)
    }

    /// Straight (non-premultiplied) RGBA pixels, row by row, 4 bytes per pixel.
    public struct Pixels: Sendable {
        public var width: Int
        public var height: Int
        public var rgba: [UInt8]
    }

    /// Paints the page and returns it as a PNG (`image/png`) of `width`×`height`, with its chat
    /// form when ``writesChatForms``.
    /// Paints on the illustrator's own low-priority thread, not on Swift's cooperative thread
    /// pool: on a 2-core machine painting would otherwise hold the cooperative threads (and the
    /// CPU) while chat interactions wait to be acknowledged (measured:
    /// docs/benchmarks.md#painting-and-png-writing).
    public func illustrate(_ request: IllustrationRequest) async throws -> Illustration {
        let (png, webp) = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, WebPInput?), any Error>) in
            painter.submit {
                continuation.resume(with: Result {
                    try painted(request) { canvas throws(OfflineIllustratorError) in
                        (try canvas.pngData(), writesChatForms ? canvas.webpInput() : nil)
                    }
                })
            }
        }
        var illustration = Illustration(data: png, contentType: "image/png", width: width, height: height)
        if let webp {
            illustration.chatForm = await withCheckedContinuation { continuation in
                encoder.submit { continuation.resume(returning: Self.chatForm(webp, stored: png)) }
            }
        }
        return illustration
    }

    /// The WebP when it is smaller than the PNG, else the PNG as stored; nil when libwebp fails
    /// (the pipeline's encoder then tries from the PNG).
    static func chatForm(_ webp: WebPInput, stored png: Data) -> ChatForm? {
        guard let bytes = webp.encode() else { return nil }
        return bytes.count < png.count ? .copy(contentType: PictureEncoder.Format.webp.contentType, data: Data(bytes)) : .asStored
    }

    /// Paints the page synchronously and returns the PNG bytes.
    public func renderPNG(_ request: IllustrationRequest) throws(OfflineIllustratorError) -> Data {
        try painted(request) { canvas throws(OfflineIllustratorError) in try canvas.pngData() }
    }

    /// Paints the page and returns its pixels instead of PNG bytes (for checks and tests).
    public func renderPixels(_ request: IllustrationRequest) throws(OfflineIllustratorError) -> Pixels {
        try painted(request) { Pixels(width: width, height: height, rgba: $0.rgbaPixels()) }
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
        case .hedgehog, .beaver: (RGB(150, 110, 80), RGB(110, 180, 110), RGB(90, 60, 40))
        case .squirrel: (RGB(200, 100, 55), RGB(250, 205, 70), RGB(120, 60, 30))
        case .badger, .koala: (RGB(160, 160, 168), RGB(220, 80, 70), RGB(60, 60, 65))
        case .giraffe: (RGB(240, 195, 100), RGB(120, 180, 235), RGB(150, 90, 40))
        case .crab: (RGB(225, 85, 65), RGB(250, 205, 70), RGB(150, 40, 30))
        case .car, .boat: (RGB(220, 60, 55), RGB(250, 205, 70), RGB(60, 60, 70))
        case .train, .tractor: (RGB(70, 150, 90), RGB(220, 80, 70), RGB(60, 60, 70))
        case .rocket: (RGB(200, 205, 215), RGB(220, 80, 70), RGB(60, 60, 70))
        case .cloud, .snowman: (RGB(248, 248, 252), RGB(120, 180, 235), RGB(90, 90, 100))
        case .knight: (RGB(240, 205, 180), RGB(70, 130, 220), RGB(80, 55, 40))
        default: (RGB(200, 170, 130), RGB(120, 190, 200), RGB(120, 90, 70))
        }
        return CharacterDesign(name: "", kind: kind, bodyColor: colours.0, accentColor: colours.1, detailColor: colours.2,
                               looks: "", trait: "")
    }

    /// Paints the page on the kept canvas and reads what `output` needs from it before the next
    /// page may paint over it.
    private func painted<T>(_ request: IllustrationRequest,
                            _ output: (CairoCanvas) throws(OfflineIllustratorError) -> T) throws(OfflineIllustratorError) -> T {
        guard Self.sizeRange.contains(width), Self.sizeRange.contains(height) else {
            throw .invalidSize(width: width, height: height)
        }
        return try canvases.withCanvas { canvas throws(OfflineIllustratorError) in
            paint(request, on: canvas)
            return try output(canvas)
        }
    }

    private func paint(_ request: IllustrationRequest, on canvas: CairoCanvas) {
        let sheet = request.sheet
        let scene = request.page.scene
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
        let room = picture.room.flatMap(PageComposition.Room.init(rawValue:))
        let hero = picture.figures.first { $0.role == .hero }
        let occasion = OccasionPainter(canvas: canvas, width: sceneWidth, height: 512)

        // The backdrop, enlarged round the figures on a close page.
        canvas.layer {
            if picture.zoom != 1 {
                canvas.translate(picture.zoomX, picture.zoomY)
                canvas.scale(picture.zoom, picture.zoom)
                canvas.translate(-picture.zoomX, -picture.zoomY)
            }
            if let room, [.kitchen, .workshop, .hall, .livingRoom, .library].contains(room) {
                let ovenX: Double? = picture.props.contains { $0.word == "oven" } ? nil
                    : (hero?.x ?? 0) > sceneWidth / 2 ? 100 : sceneWidth - 100
                RoomPainter(canvas: canvas, width: sceneWidth, height: 512, light: light, accent: PaintColor(sheet.palette.accent))
                    .paint(room, ovenX: ovenX)
            } else {
                let scenery = SceneryPainter(canvas: canvas, width: sceneWidth, height: 512, sheet: sheet, setting: picture.setting,
                                             light: light, pan: pan)
                scenery.showsBed = picture.beds.isEmpty
                scenery.paint(world: &world, page: &page)
            }
        }
        let horizon = picture.zoomed(x: 0, y: 330).y
        if let weather = picture.weather.flatMap(SceneWeather.init(rawValue:)) {
            WeatherPainter(canvas: canvas, width: sceneWidth, height: 512, horizon: horizon).paint(weather, page: &page)
        }
        if picture.backdrop.contains("race track"), let hero {
            let finish = picture.props.contains { $0.word == "finish line" } ? nil
                : Optional(hero.x < sceneWidth / 2 ? sceneWidth - 60 : 60.0)
            occasion.raceTrack(groundY: hero.baseY, scale: hero.size, finishX: finish)
        }
        if picture.backdrop.contains("bunting") {
            occasion.bunting(colours: [PaintColor(sheet.palette.accent), PaintColor(0.98, 0.8, 0.25), PaintColor(0.35, 0.6, 0.9),
                                       PaintColor(0.9, 0.35, 0.45)])
        }
        SceneryPainter(canvas: canvas, width: sceneWidth, height: 512, sheet: sheet, setting: picture.setting, light: light, pan: pan)
            .vignette()
        if let table = picture.table { occasion.table(table, workshop: room == .workshop) }
        guard let hero else { return }
        if light.isDark && room == nil && picture.beds.isEmpty && ![.home, .school, .library].contains(picture.setting) {
            lantern(canvas: canvas, x: max(30, hero.x - 92 * hero.size), baseY: hero.baseY + 6)
        }
        let props = PropPainter(canvas: canvas)
        for prop in picture.props where prop.word != picture.ride {
            if prop.word == "bunting" && picture.backdrop.contains("bunting") { continue }
            guard let shape = PropPainter.Shape(rawValue: prop.shape) else { continue }
            if scene.action == .discovering {
                canvas.glow(x: prop.x, y: prop.y, radius: prop.size * 0.75, color: PaintColor(1.0, 0.95, 0.6), alpha: 0.7)
            }
            if prop.word == "oven" && room == .kitchen {
                RoomPainter(canvas: canvas, width: sceneWidth, height: 512, light: light, accent: PaintColor(sheet.palette.accent))
                    .oven(x: prop.x, baseY: prop.y + prop.size / 2, size: prop.size)
                continue
            }
            props.draw(shape, x: prop.x, y: prop.y, size: prop.size)
        }
        if picture.beds.isEmpty {
            paintFigures(picture, sheet: sheet, action: scene.action, canvas: canvas)
        } else {
            paintBedtime(picture, sheet: sheet, canvas: canvas)
        }
    }

    /// Others met, the companion, friends and the hero on top, each in the pose of the page's action.
    private func paintFigures(_ picture: PagePicture, sheet: CharacterSheet, action: SceneAction, canvas: CairoCanvas) {
        let figures = FigurePainter(canvas: canvas)
        guard let hero = picture.figures.first(where: { $0.role == .hero }) else { return }
        // The friend nearest the hero (furthest right) is the first friend.
        let friendXs = picture.figures.filter { $0.role == .friend }.map(\.x).sorted(by: >)
        for drawn in picture.figures {
            let baseY = drawn.baseY - drawn.lift
            switch drawn.role {
            case .other:
                figures.draw(Self.otherDesign(drawn.kind), x: drawn.x, baseY: baseY, facing: drawn.x > hero.x ? -1 : 1, pose: .standing,
                             size: drawn.size)
            case .companion:
                guard let companion = sheet.companion else { continue }
                figures.draw(companion, x: drawn.x, baseY: baseY, facing: drawn.x > hero.x ? -1 : 1,
                             pose: FigurePainter.pose(for: action, hero: false), size: drawn.size)
            case .friend:
                guard let index = friendXs.firstIndex(of: drawn.x), index < sheet.friends.count else { continue }
                figures.draw(sheet.friends[index], x: drawn.x, baseY: baseY, facing: 1, pose: FigurePainter.pose(for: action, hero: true),
                             size: drawn.size)
            case .hero:
                figures.draw(sheet.hero, x: drawn.x, baseY: baseY, facing: 1, pose: FigurePainter.pose(for: action, hero: true), size: drawn.size)
            }
        }
        if let ride = picture.ride, let vehicle = picture.props.first(where: { $0.word == ride }) ?? Optional(
            PagePicture.Prop(word: ride, shape: ride, x: hero.x, y: hero.baseY, size: 0)) {
            let riders = picture.figures.filter { $0.role != .other }
            let left = riders.map { $0.x - $0.height * 0.3 }.min() ?? hero.x
            let right = riders.map { $0.x + $0.height * 0.3 }.max() ?? hero.x
            let across = vehicle.size > 0 ? vehicle.size - 40 : right - left + 20
            OccasionPainter(canvas: canvas, width: picture.sceneWidth, height: 512)
                .ride(ride, x: (left + right) / 2, rimY: hero.baseY - 36 * hero.size, across: across, scale: hero.size)
        }
    }

    /// Bedtime: beds, sleepers under their blankets, the companion at the foot (or a grown-up beside it).
    private func paintBedtime(_ picture: PagePicture, sheet: CharacterSheet, canvas: CairoCanvas) {
        let figures = FigurePainter(canvas: canvas)
        let bedPainter = BedPainter(canvas: canvas, quilt: PaintColor(sheet.palette.accent).mixed(with: PaintColor(0.55, 0.65, 0.95), 0.45))
        // In bed order: the hero, a thing companion in its own bed, friends.
        let sleepers = picture.figures.filter { $0.lying || $0.tucked }
        var friends = sheet.friends.prefix(2).makeIterator()
        // A grown-up stands behind the bed, drawn first.
        if let companion = sheet.companion, let drawn = picture.figures.first(where: { $0.role == .companion }), !drawn.lying,
           companion.kind == .grownUp {
            figures.draw(companion, x: drawn.x, baseY: drawn.baseY, facing: -1, pose: .standing, size: drawn.size)
        }
        for (bed, sleeper) in zip(picture.beds, sleepers) {
            let found: CharacterDesign? = switch sleeper.role {
            case .hero: sheet.hero
            case .companion: sheet.companion
            case .friend: friends.next()
            case .other: nil
            }
            guard let design = found else { continue }
            bedPainter.back(bed)
            if sleeper.tucked {
                // Upright, facing the pillow, its back half under the blanket up to its shoulders.
                figures.draw(design, x: sleeper.x, baseY: sleeper.baseY, facing: -1, pose: .sleeping, size: sleeper.size)
                let s = sleeper.size * FigurePainter.scale(of: design.kind) * 1.15
                bedPainter.blanket(bed, fromX: sleeper.x + 18 * s, topY: sleeper.baseY - sleeper.height * 0.62)
                continue
            }
            figures.draw(design, x: sleeper.x, baseY: sleeper.baseY, facing: 1, pose: .sleeping, size: sleeper.size)
            // The blanket from the chest down, just over the body (which lies along a line 30 figure units above the feet).
            let s = sleeper.size * FigurePainter.scale(of: design.kind) * (design.kind.isPerson ? 1.0 : 1.15)
            // A creature's head is bigger: its blanket starts further down.
            let covered = design.kind.isPerson ? 0.48 : 0.4
            bedPainter.blanket(bed, fromX: sleeper.x - sleeper.height * covered, topY: sleeper.baseY - 58 * s)
        }
        if let companion = sheet.companion, let drawn = picture.figures.first(where: { $0.role == .companion }),
           companion.kind != .grownUp, !drawn.tucked {
            figures.draw(companion, x: drawn.x, baseY: drawn.baseY, facing: -1, pose: .curled, size: drawn.size)
        }
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
