import Foundation
import ImageDecoding
import StoryDomain
import StoryProviders
import Textify

/// `magical-stories-bench --textify [iterations]`: text art of real pages of the built-in
/// illustrator (768×512 PNG), at 60 columns in every palette, shaded and as a line drawing: the
/// engine alone (grayscale buffer → characters) and the whole step a chat pays (PNG decoded →
/// grayscale → characters).
enum TextifyBenchmark {
    static func run(iterations: Int) async throws {
        let writer = OfflineStoryWriter()
        let illustrator = OfflineIllustrator()
        let story = try await writer.write(StoryRequest(theme: "a sleepy dragon", heroName: "Mia", age: 5, pageCount: 5, seed: 3))
        var pages: [[UInt8]] = []
        for (index, page) in story.pages.enumerated() {
            pages.append(Array(try illustrator.renderPNG(IllustrationRequest(
                title: story.title, sheet: story.sheet, page: page, pageNumber: index + 1, pageCount: 5, previous: nil, seed: 3))))
        }
        let grays = try pages.map { try PictureTextifier.grayImage(of: $0) }
        print(BenchmarkStats.header)
        print(MagicalStoriesBench.measureSync("decode one 768×512 PNG (zlib)", iterations) { i in
            _ = try? ImageDecoder.decode(pages[i % pages.count])
        }.line)
        for palette in TextArtPalette.allCases {
            for dither in [false, true] {
                let options = TextArtOptions.storybook(columns: 60, palette: palette)
                var withDither = options
                withDither.dither = dither
                let label = "\(palette.rawValue)\(dither ? " dithered" : "")"
                print(MagicalStoriesBench.measureSync("textify 60 cols, \(label)", iterations) { i in
                    _ = Textifier(options: withDither).render(grays[i % grays.count])
                }.line)
                print(MagicalStoriesBench.measureSync("PNG → text art 60 cols, \(label)", iterations) { i in
                    _ = try? PictureTextifier.textArt(of: pages[i % pages.count], options: withDither)
                }.line)
            }
            let outline = TextArtOptions.lineDrawing(columns: 60, palette: palette)
            print(MagicalStoriesBench.measureSync("textify 60 cols, \(palette.rawValue) line drawing", iterations) { i in
                _ = Textifier(options: outline).render(grays[i % grays.count])
            }.line)
        }
        let sample = try PictureTextifier.textArt(of: pages[0], options: .storybook(columns: 40))
        print("\nA page at a phone's width (\(sample.columns)×\(sample.rows), \(sample.codePointCount + 8) code points with fences):")
        print(sample.codeBlock)
    }
}

extension MagicalStoriesBench {
    static func measureSync(_ name: String, _ iterations: Int, _ body: (Int) -> Void) -> BenchmarkStats {
        var durations: [Duration] = []
        durations.reserveCapacity(iterations)
        let clock = ContinuousClock()
        for i in 0..<3 { body(i) }
        for i in 0..<iterations {
            let start = clock.now
            body(i)
            durations.append(clock.now - start)
        }
        return BenchmarkStats(name: name, durations: durations)
    }
}
