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
        canvas.scale(unit, unit)
        // An opaque base, so every pixel is opaque and the PNG can be plain RGB.
        canvas.setColor(light.skyStops.last?.1 ?? .white)
        canvas.paint()

        var world = SeededGenerator(seed: request.seed, salt: "world-\(sheet.setting.rawValue)")
        var page = SeededGenerator(seed: request.seed, salt: "page-\(request.pageNumber)")
        let pan = Double.random(in: -50...50, using: &page)

        let scenery = SceneryPainter(canvas: canvas, width: sceneWidth, height: 512, sheet: sheet, light: light, pan: pan)
        scenery.paint(world: &world, page: &page)
        scenery.vignette()

        // Figures: hero on the left looking right, companion on the right looking left.
        let action = scene.action
        let gap: Double = switch action {
        case .hugging: 70
        case .sleeping: 190
        default: 130
        }
        let centre = sceneWidth / 2 + Double.random(in: -40...40, using: &page)
        let baseY: Double = sheet.setting == .home ? 462 : 452
        let heroX = sheet.companion == nil ? centre : centre - gap / 2
        let companionX = centre + gap / 2
        if light.isDark && sheet.setting != .home {
            let lanternX = action == .sleeping && sheet.companion != nil ? centre : heroX - 92
            lantern(canvas: canvas, x: lanternX, baseY: baseY + 6)
        }
        if action == .discovering {
            let sx = sheet.companion == nil ? heroX + 70 : (heroX + companionX) / 2 + 10, sy = baseY - 205
            canvas.glow(x: sx, y: sy, radius: 46, color: PaintColor(1.0, 0.95, 0.6), alpha: 0.8)
            scenery.sparkle(x: sx, y: sy, size: 18, color: PaintColor(1.0, 0.88, 0.3), alpha: 1)
        }
        let figures = FigurePainter(canvas: canvas)
        if let companion = sheet.companion {
            figures.draw(companion, x: companionX, baseY: baseY, facing: -1, pose: FigurePainter.pose(for: action, hero: false))
        }
        figures.draw(sheet.hero, x: heroX, baseY: baseY, facing: 1, pose: FigurePainter.pose(for: action, hero: true))
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
