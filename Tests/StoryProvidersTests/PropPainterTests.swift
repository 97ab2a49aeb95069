import Foundation
@testable import StoryProviders
import StoryTestSupport
import Testing

@Suite("Prop library")
struct PropPainterTests {
    /// CONTRACTS.md's PROP VOCABULARY, word for word (the writer uses only these).
    static let vocabulary = [
        "oven", "bread", "cake", "bowl", "spoon", "cookies", "pie", "teapot", "teacup", "apron",
        "finish line", "flags", "trophy", "ribbon", "whistle",
        "boat", "hammer", "toolbox", "paintbrush", "paint pot", "ladder", "box", "wheel", "nails",
        "balloon", "present", "bunting", "candles", "picnic blanket", "basket", "sandwich", "lemonade",
        "umbrella", "boots", "puddle", "snowman", "sled", "scarf", "kite",
        "rocket", "star", "planet", "telescope",
        "tractor", "hay bale", "watering can", "seeds", "flower", "flower pot", "spade", "carrot", "egg", "nest",
        "desk", "blackboard", "book", "pencil", "map", "globe",
        "drum", "guitar", "trumpet", "ball", "teddy", "crown", "hat",
        "shell", "pearl", "bucket", "spade", "net", "anchor",
        "bell", "key", "lantern", "pair of glasses", "feather", "blanket", "pillow",
    ]

    @Test("the writer's prop words are exactly the words the illustrator draws")
    func writerAndPainterShareTheVocabulary() {
        #expect(ThemeLexicon.propVocabulary == Set(PropPainter.vocabulary))
        #expect(ThemeLexicon.propVocabulary == Set(Self.vocabulary))
    }

    @Test("every vocabulary word has a drawing of its own, named by that word")
    func everyWordHasAShape() {
        for word in Self.vocabulary {
            let shape = PropPainter.shape(for: word)
            #expect(shape?.rawValue == word, "\(word)")
        }
        #expect(Set(PropPainter.vocabulary) == Set(Self.vocabulary))
    }

    @Test("a word the painter cannot draw gives no shape (no gift box in its place)", arguments: [
        "compass", "bundle", "dragon", "treasure chest", "pebble", "", "   ", "ovens and bread",
    ])
    func unknownWordsAreLeftOut(word: String) {
        #expect(PropPainter.shape(for: word) == nil)
    }

    @Test("other words for the same thing, any case, find its drawing")
    func aliases() {
        #expect(PropPainter.shape(for: "Ship") == .boat)
        #expect(PropPainter.shape(for: " teddy bear ") == .teddy)
        #expect(PropPainter.shape(for: "glasses") == .glasses)
        #expect(PropPainter.shape(for: "loaf") == .bread)
        #expect(PropPainter.shape(for: "FINISH LINE") == .finishLine)
    }

    @Test("scene-sized things are large, hand-held things small; sky things fly")
    func sizesAndPlaces() {
        for word in ["oven", "boat", "finish line", "tractor", "blackboard", "desk", "snowman", "picnic blanket", "hay bale",
                     "ladder", "rocket"] {
            #expect(PropPainter.shape(for: word).map(PropPainter.sizeClass(of:)) == .large, "\(word)")
        }
        for word in ["whistle", "key", "spoon", "pencil", "egg", "bread", "teacup", "nails", "seeds"] {
            #expect(PropPainter.shape(for: word).map(PropPainter.sizeClass(of:)) == .small, "\(word)")
        }
        #expect(PropPainter.SizeClass.small.side < PropPainter.SizeClass.medium.side)
        #expect(PropPainter.SizeClass.medium.side < PropPainter.SizeClass.large.side)
        for word in ["kite", "balloon", "star", "planet"] {
            #expect(PropPainter.shape(for: word).map(PropPainter.placement(of:)) == .air, "\(word)")
        }
        #expect(PropPainter.placement(of: .bunting) == .hanging)
        #expect(PropPainter.placement(of: .oven) == .ground)
    }

    /// Pixels drawn (alpha above a faint anti-aliasing edge) inside and outside `box` on a transparent canvas.
    static func painted(_ shape: PropPainter.Shape, canvasSide: Int = 140, size: Double = 100)
        throws -> (inside: Int, outside: Int, bottomRows: Int) {
        let canvas = try CairoCanvas(width: canvasSide, height: canvasSide)
        let centre = Double(canvasSide) / 2
        PropPainter(canvas: canvas).draw(shape, x: centre, y: centre, size: size)
        let rgba = canvas.rgbaPixels()
        let margin = 6.0
        let low = centre - size / 2 - margin, high = centre + size / 2 + margin
        var inside = 0, outside = 0, bottomRows = 0
        for y in 0..<canvasSide {
            for x in 0..<canvasSide where rgba[(y * canvasSide + x) * 4 + 3] > 24 {
                let fx = Double(x) + 0.5, fy = Double(y) + 0.5
                if fx < low || fx > high || fy < low || fy > high { outside += 1 } else { inside += 1 }
                if fy > centre + size * 0.3 && fy < high && rgba[(y * canvasSide + x) * 4 + 3] > 128 { bottomRows += 1 }
            }
        }
        return (inside, outside, bottomRows)
    }

    @Test("each prop paints a real drawing inside its box, and nothing outside it", arguments: PropPainter.Shape.allCases)
    func paintsInsideItsBox(shape: PropPainter.Shape) throws {
        let counts = try Self.painted(shape)
        // At least a tenth of the 100×100 box is covered: a drawing, not a speck.
        #expect(counts.inside > 1_000, "\(shape.rawValue): \(counts.inside) pixels")
        #expect(counts.outside == 0, "\(shape.rawValue): \(counts.outside) pixels outside its box")
        // Standing things reach down to the base, so they stand on the ground the painter gives them.
        if PropPainter.placement(of: shape) == .ground {
            #expect(counts.bottomRows > 30, "\(shape.rawValue) stands on its base")
        }
    }

    @Test("drawing is deterministic, and cheap: every prop well under a millisecond on a page-sized canvas")
    func deterministicAndCheap() throws {
        func render() throws -> [UInt8] {
            let canvas = try CairoCanvas(width: 768, height: 512)
            let painter = PropPainter(canvas: canvas)
            for (index, shape) in PropPainter.Shape.allCases.enumerated() {
                painter.draw(shape, x: 60 + Double(index % 10) * 70, y: 60 + Double(index / 10) * 55, size: 70)
            }
            return canvas.rgbaPixels()
        }
        #expect(try render() == render())
        // The thread's CPU time, fastest of a few rounds, so a busy machine (tests in parallel) does
        // not fail the test; each prop on its own too.
        let canvas = try CairoCanvas(width: 768, height: 512)
        let painter = PropPainter(canvas: canvas)
        var slowest: [(Duration, String)] = []
        for shape in PropPainter.Shape.allCases {
            let fastest = (0..<5).map { _ in
                ThreadCPUTime.measure { painter.draw(shape, x: 384, y: 300, size: PropPainter.SizeClass.large.side) }
            }.min() ?? .zero
            slowest.append((fastest, shape.rawValue))
        }
        slowest.sort { $0.0 > $1.0 }
        let total = slowest.reduce(Duration.zero) { $0 + $1.0 }
        let mean = total / slowest.count
        #expect(mean < .microseconds(500), "mean \(mean); slowest \(slowest.prefix(5))")
        #expect(slowest[0].0 < .milliseconds(2), "slowest \(slowest.prefix(5))")
        print("props: mean \(mean) a prop; slowest \(slowest.prefix(6).map { "\($0.1) \($0.0)" })")
    }

    @Test("the contact sheet shows every prop; PROPS_SHEET=path writes it there (PROPS_SHEET_CELL=pixels a cell)")
    func contactSheet() throws {
        let environment = ProcessInfo.processInfo.environment
        let png = try PropPainter.contactSheet(cell: environment["PROPS_SHEET_CELL"].flatMap(Int.init) ?? 120)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        if let path = environment["PROPS_SHEET"], !path.isEmpty {
            try png.write(to: URL(fileURLWithPath: path))
        }
    }
}
