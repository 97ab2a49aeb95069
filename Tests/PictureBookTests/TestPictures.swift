import Foundation
import ImageTestEncoders

/// Pictures the size model illustrators return (1024 × 1024), made with the test encoders.
/// "Painterly" pictures are smooth colour fields with grain, close to a model's painting in how
/// they compress; `grain` raises the noise (255: worst case).
enum TestPictures {
    static func pixels(width: Int, height: Int, grain: Int, seed: UInt64) -> [UInt8] {
        var state = seed | 1
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                let noise = grain == 0 ? 0 : Int(state % UInt64(grain)) - grain / 2
                let index = (y * width + x) * 3
                rgb[index] = clamp(40 + x * 180 / width + noise)
                rgb[index + 1] = clamp(90 + y * 120 / height + noise)
                rgb[index + 2] = clamp(200 - (x + y) * 100 / (width + height) + noise)
            }
        }
        return rgb
    }

    static func clamp(_ value: Int) -> UInt8 { UInt8(max(0, min(255, value))) }

    static func jpeg(width: Int = 1_024, height: Int = 1_024, grain: Int = 40, seed: UInt64 = 1, quality: Int32 = 92) -> Data {
        Data(TestImageEncoder.jpeg(rgb: pixels(width: width, height: height, grain: grain, seed: seed),
                                   width: width, height: height, quality: quality))
    }

    static func webp(width: Int = 1_024, height: Int = 1_024, grain: Int = 40, seed: UInt64 = 1) -> Data {
        Data(TestImageEncoder.webp(rgb: pixels(width: width, height: height, grain: grain, seed: seed), width: width, height: height))
    }

    /// An RGB PNG (filter None per row), as OpenAI-compatible illustrators return.
    static func png(width: Int = 1_024, height: Int = 1_024, grain: Int = 40, seed: UInt64 = 1) -> Data {
        Data(TestImageEncoder.png(rgb: pixels(width: width, height: height, grain: grain, seed: seed), width: width, height: height))
    }

    /// A bedtime page's worth of words (about 90).
    static let pageText = """
        Mia tiptoed across the meadow, where the grass was silver with moonlight and the crickets sang their soft \
        evening song. Her friend the owl blinked slowly from the old oak tree. "Are you sleepy too?" Mia whispered. \
        The owl ruffled his feathers and hooted, very gently, as if to say yes.

        Together they counted the stars: one for every lamp in the village, one for every dream still to come.
        """
}
