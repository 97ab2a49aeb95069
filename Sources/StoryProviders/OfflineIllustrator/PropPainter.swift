import Foundation
import StoryDomain

/// Draws the things that matter in a story (the bread and the oven, the finish line and its flags,
/// the boat and its hammer) from a library of small storybook drawings: outlined, flat colours, a
/// highlight. A word without a drawing of its own is left out, never replaced by another thing.
///
/// Every prop is drawn inside a `size`×`size` box centred on (x, y); a standing thing stands on the
/// box's bottom edge, so `y = ground - size / 2` puts it on the ground (or a table). Drawing is
/// deterministic and cheap (a few dozen Cairo paths, well under a millisecond).
///
/// To add a prop: add a case (raw value = the word) to ``Shape``, its group, size class and
/// placement below, and its drawing in the group's `PropPainter+<Group>.swift` (a `Pen` method drawn
/// in the 100-unit box: x in -50...50, y in -100...0, the base at y = 0). See docs/prop-library.md.
struct PropPainter {
    let canvas: CairoCanvas

    /// A drawable thing; the raw value is its word in the prop vocabulary (CONTRACTS.md).
    enum Shape: String, Sendable, CaseIterable {
        // Kitchen and baking.
        case oven, bread, cake, bowl, spoon, cookies, pie, teapot, teacup, apron
        // Contest and race.
        case finishLine = "finish line", flags, trophy, ribbon, whistle
        // Building and fixing.
        case boat, hammer, toolbox, paintbrush, paintPot = "paint pot", ladder, box, wheel, nails
        // Party and picnic.
        case balloon, present, bunting, candles, picnicBlanket = "picnic blanket", basket, sandwich, lemonade
        // Weather.
        case umbrella, boots, puddle, snowman, sled, scarf, kite
        // Space and sky.
        case rocket, star, planet, telescope
        // Farm and garden.
        case tractor, hayBale = "hay bale", wateringCan = "watering can", seeds, flower, flowerPot = "flower pot", spade,
             carrot, egg, nest
        // School and learning.
        case desk, blackboard, book, pencil, map, globe
        // Music and play.
        case drum, guitar, trumpet, ball, teddy, crown, hat
        // Sea.
        case shell, pearl, bucket, net, anchor
        // Things found and kept.
        case bell, key, lantern, glasses = "pair of glasses", feather, blanket, pillow
    }

    /// The families of props, as the vocabulary groups them (for the docs and the contact sheet).
    enum Group: String, Sendable, CaseIterable {
        case kitchen, contest, workshop, party, weather, sky, farm, school, play, sea, keepsakes
    }

    /// How big a thing naturally is beside a figure (a child stands about 150 units tall).
    enum SizeClass: Sendable, CaseIterable {
        /// Held in a hand, or on a table: a loaf, a whistle, a key.
        case small
        /// Carried in both arms or standing knee-high: a toolbox, a drum, a basket.
        case medium
        /// Scene-sized, as tall as a figure or wider: an oven, a boat, a finish line.
        case large

        /// The suggested box side in scene units (the picture is 512 units tall).
        var side: Double {
            switch self {
            case .small: 64
            case .medium: 100
            case .large: 150
            }
        }
    }

    /// Where a thing belongs in a picture.
    enum Placement: Sendable {
        /// Stands on the ground, the floor or a table (its base is the box's bottom edge).
        case ground
        /// Up in the sky (kite, balloon, star, planet); the box's bottom is the string's end or the thing's foot.
        case air
        /// Hangs across the top of the picture (bunting).
        case hanging
    }

    /// Other words for the same thing (a ship is a boat; "glasses" are a pair of glasses).
    private static let aliases: [String: Shape] = [
        "ship": .boat, "sailboat": .boat, "teddy bear": .teddy, "glasses": .glasses, "spectacles": .glasses,
        "rose": .flower, "daisy": .flower, "sunflower": .flower, "tulip": .flower, "cupcake": .cake, "gift": .present,
        "loaf": .bread, "loaves": .bread, "cookie": .cookies, "biscuits": .cookies, "flag": .flags, "pennants": .flags,
        "candle": .candles, "seed": .seeds, "nail": .nails, "bear's blanket": .blanket, "shovel": .spade, "pail": .bucket,
        "chalkboard": .blackboard, "sledge": .sled, "wellies": .boots, "rain boots": .boots, "trophy cup": .trophy,
    ]

    private static let shapes: [String: Shape] = Dictionary(uniqueKeysWithValues: Shape.allCases.map { ($0.rawValue, $0) })
        .merging(aliases) { word, _ in word }

    /// Every word of the prop vocabulary, in the vocabulary's order.
    static var vocabulary: [String] { Shape.allCases.map(\.rawValue) }

    /// The shape for a word (any case, surrounding spaces ignored), or nil for a word the painter
    /// cannot draw: the caller leaves it out.
    static func shape(for word: String) -> Shape? {
        shapes[word.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()]
    }

    /// The group a shape belongs to.
    static func group(of shape: Shape) -> Group {
        switch shape {
        case .oven, .bread, .cake, .bowl, .spoon, .cookies, .pie, .teapot, .teacup, .apron: .kitchen
        case .finishLine, .flags, .trophy, .ribbon, .whistle: .contest
        case .boat, .hammer, .toolbox, .paintbrush, .paintPot, .ladder, .box, .wheel, .nails: .workshop
        case .balloon, .present, .bunting, .candles, .picnicBlanket, .basket, .sandwich, .lemonade: .party
        case .umbrella, .boots, .puddle, .snowman, .sled, .scarf, .kite: .weather
        case .rocket, .star, .planet, .telescope: .sky
        case .tractor, .hayBale, .wateringCan, .seeds, .flower, .flowerPot, .spade, .carrot, .egg, .nest: .farm
        case .desk, .blackboard, .book, .pencil, .map, .globe: .school
        case .drum, .guitar, .trumpet, .ball, .teddy, .crown, .hat: .play
        case .shell, .pearl, .bucket, .net, .anchor: .sea
        case .bell, .key, .lantern, .glasses, .feather, .blanket, .pillow: .keepsakes
        }
    }

    /// The natural size of a shape beside the figures.
    static func sizeClass(of shape: Shape) -> SizeClass {
        switch shape {
        case .oven, .finishLine, .boat, .ladder, .tractor, .hayBale, .snowman, .rocket, .desk, .blackboard, .picnicBlanket,
             .telescope, .bunting:
            .large
        case .toolbox, .wheel, .box, .basket, .sled, .globe, .drum, .guitar, .flags, .apron, .umbrella, .net, .flowerPot,
             .wateringCan, .blanket, .kite, .cake, .puddle, .anchor, .planet:
            .medium
        default:
            .small
        }
    }

    /// Where a shape belongs in a picture.
    static func placement(of shape: Shape) -> Placement {
        switch shape {
        case .kite, .balloon, .star, .planet: .air
        case .bunting: .hanging
        default: .ground
        }
    }

    /// Draws `shape` inside the `size`×`size` box centred on (x, y); a standing thing stands on the
    /// box's bottom edge (y + size / 2).
    func draw(_ shape: Shape, x: Double, y: Double, size: Double) {
        guard size > 0 else { return }
        // About two scene units of outline whatever the size, so small and big props read alike.
        let pen = Pen(canvas: canvas, line: min(4, max(1, 200 / size)))
        canvas.layer {
            canvas.translate(x, y + size / 2)
            canvas.scale(size / 100, size / 100)
            pen.draw(shape)
        }
    }

    /// Draws `shape` standing with its base centre at (x, baseY), `size` units across and tall at most.
    func draw(_ shape: Shape, x: Double, baseY: Double, size: Double) {
        draw(shape, x: x, y: baseY - size / 2, size: size)
    }
}

extension PropPainter.Pen {
    /// Draws `shape` in the pen's 100-unit box (base centre at the origin).
    func draw(_ shape: PropPainter.Shape) {
        switch shape {
        case .oven: oven()
        case .bread: bread()
        case .cake: cake()
        case .bowl: bowl()
        case .spoon: spoon()
        case .cookies: cookies()
        case .pie: pie()
        case .teapot: teapot()
        case .teacup: teacup()
        case .apron: apron()
        case .finishLine: finishLine()
        case .flags: flags()
        case .trophy: trophy()
        case .ribbon: ribbon()
        case .whistle: whistle()
        case .boat: boat()
        case .hammer: hammer()
        case .toolbox: toolbox()
        case .paintbrush: paintbrush()
        case .paintPot: paintPot()
        case .ladder: ladder()
        case .box: box()
        case .wheel: wheel()
        case .nails: nails()
        case .balloon: balloon()
        case .present: present()
        case .bunting: bunting()
        case .candles: candles()
        case .picnicBlanket: picnicBlanket()
        case .basket: basket()
        case .sandwich: sandwich()
        case .lemonade: lemonade()
        case .umbrella: umbrella()
        case .boots: boots()
        case .puddle: puddle()
        case .snowman: snowman()
        case .sled: sled()
        case .scarf: scarf()
        case .kite: kite()
        case .rocket: rocket()
        case .star: star()
        case .planet: planet()
        case .telescope: telescope()
        case .tractor: tractor()
        case .hayBale: hayBale()
        case .wateringCan: wateringCan()
        case .seeds: seeds()
        case .flower: flower()
        case .flowerPot: flowerPot()
        case .spade: spade()
        case .carrot: carrot()
        case .egg: egg()
        case .nest: nest()
        case .desk: desk()
        case .blackboard: blackboard()
        case .book: book()
        case .pencil: pencil()
        case .map: map()
        case .globe: globe()
        case .drum: drum()
        case .guitar: guitar()
        case .trumpet: trumpet()
        case .ball: ball()
        case .teddy: teddy()
        case .crown: crown()
        case .hat: hat()
        case .shell: shell()
        case .pearl: pearl()
        case .bucket: bucket()
        case .net: net()
        case .anchor: anchor()
        case .bell: bell()
        case .key: key()
        case .lantern: lantern()
        case .glasses: glasses()
        case .feather: feather()
        case .blanket: blanket()
        case .pillow: pillow()
        }
    }
}
