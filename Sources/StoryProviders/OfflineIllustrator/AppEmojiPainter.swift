import Foundation

/// Draws the small pictures a chat app uploads as its own emojis (Discord application emojis):
/// the page buttons ⏮ ◀ ▶ 🔊 and the Growth Collection badges 🏅 🏆, as 128 × 128 PNGs with
/// a transparent background, in the illustrator's night-sky colours. Drawn locally, so no
/// asset files and no provider are needed.
public enum AppEmojiPainter {
    /// One emoji: its name (2–32 letters, digits, underscores), the Unicode emoji it stands
    /// for, and its PNG.
    public struct Art: Sendable, Equatable {
        public var name: String
        public var unicode: String
        public var png: Data
    }

    static let size = 128
    static let night = PaintColor(0.29, 0.23, 0.62)
    static let moon = PaintColor(1.0, 0.85, 0.35)
    static let ribbon = PaintColor(0.85, 0.3, 0.4)

    /// Every emoji, in a fixed order; empty if Cairo cannot draw.
    public static func paintAll() -> [Art] {
        let shapes: [(String, String, (CairoCanvas) -> Void)] = [
            ("ms_first_page", "⏮", { c in
                c.roundedRect(22, 28, 14, 72, radius: 4); c.fill(night)
                c.polygon([(104, 28), (104, 100), (44, 64)]); c.fill(night)
            }),
            ("ms_page_back", "◀", { c in c.polygon([(96, 24), (96, 104), (30, 64)]); c.fill(night) }),
            ("ms_page_next", "▶", { c in c.polygon([(32, 24), (32, 104), (98, 64)]); c.fill(night) }),
            ("ms_read_aloud", "🔊", { c in
                c.polygon([(16, 48), (40, 48), (70, 22), (70, 106), (40, 80), (16, 80)]); c.fill(night)
                c.arc(70, 64, 22, from: -0.9, to: 0.9); c.stroke(moon, width: 8)
                c.newPath(); c.arc(70, 64, 40, from: -0.9, to: 0.9); c.stroke(moon, width: 8)
            }),
            ("ms_badge_medal", "🏅", { c in
                c.polygon([(40, 8), (60, 8), (72, 56), (52, 56)]); c.fill(ribbon)
                c.polygon([(88, 8), (68, 8), (56, 56), (76, 56)]); c.fill(night)
                c.circle(64, 84, 34); c.fill(moon)
                c.circle(64, 84, 22); c.stroke(PaintColor(0.85, 0.65, 0.2), width: 5)
            }),
            ("ms_badge_trophy", "🏆", { c in
                c.polygon([(28, 16), (100, 16), (92, 62), (64, 78), (36, 62)]); c.fill(moon)
                c.arc(26, 36, 14, from: .pi / 2, to: 3 * .pi / 2); c.stroke(moon, width: 7)
                c.newPath(); c.arc(102, 36, 14, from: -.pi / 2, to: .pi / 2); c.stroke(moon, width: 7)
                c.rect(56, 76, 16, 22); c.fill(moon)
                c.roundedRect(34, 98, 60, 16, radius: 4); c.fill(night)
            }),
        ]
        guard let canvas = try? CairoCanvas(width: size, height: size) else { return [] }
        return shapes.compactMap { name, unicode, draw in
            guard (try? canvas.clear()) != nil else { return nil }
            draw(canvas)
            guard let png = try? canvas.cairoPNGData() else { return nil }
            return Art(name: name, unicode: unicode, png: png)
        }
    }
}
