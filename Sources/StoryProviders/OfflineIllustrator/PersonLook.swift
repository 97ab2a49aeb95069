import StoryDomain

/// A person's figure as the painter draws it: the design's ``FigureLook`` in paint colours and
/// the proportions of its build. Designs without a figure look (saved before it existed) are
/// drawn as they always were: a child with a bob; a grown-up, and with silver or white hair a
/// bun and round glasses.
struct PersonLook {
    /// Sizes in figure units (feet at 0, up is negative), for the child's standard head of 34.
    struct Proportions: Equatable {
        /// Hip height above the feet (a baby sits: its legs go forward).
        var leg: Double
        /// Shoulders to hips.
        var torso: Double
        var headRadius: Double
        /// Half the width at the shoulders and at the hem.
        var shoulders: Double
        var hem: Double
        var legWidth: Double

        init(_ build: FigureLook.Build) {
            switch build {
            case .baby: (leg, torso, headRadius, shoulders, hem, legWidth) = (0, 38, 31, 20, 30, 13)
            case .toddler: (leg, torso, headRadius, shoulders, hem, legWidth) = (34, 47, 33, 17, 27, 11)
            case .child: (leg, torso, headRadius, shoulders, hem, legWidth) = (48, 58, 34, 19, 32, 12)
            case .olderChild: (leg, torso, headRadius, shoulders, hem, legWidth) = (66, 66, 33, 20, 31, 12)
            case .grownUp: (leg, torso, headRadius, shoulders, hem, legWidth) = (92, 76, 30, 22, 30, 15)
            }
        }

        /// From the feet to the top of the head, standing (a baby sitting).
        var height: Double { max(leg, 10) + torso + 2 + headRadius * 2 + 4 }
    }

    var build: FigureLook.Build
    var hairStyle: FigureLook.HairStyle
    var garment: FigureLook.Garment
    var eyes: PaintColor?
    var glasses: PaintColor?
    var facialHair: FigureLook.FacialHair?
    var hat: PaintColor?
    var legs: PaintColor?
    var skirt: PaintColor?
    var shoes: PaintColor?

    init(_ design: CharacterDesign) {
        if let figure = design.figure {
            build = figure.build
            hairStyle = figure.hairStyle
            garment = figure.garment
            eyes = figure.eyes.map(PaintColor.init)
            glasses = figure.glasses.map(PaintColor.init)
            facialHair = figure.facialHair
            hat = figure.hat.map(PaintColor.init)
            legs = figure.legs.map(PaintColor.init)
            skirt = figure.skirt.map(PaintColor.init)
            shoes = figure.shoes.map(PaintColor.init)
            return
        }
        build = design.kind == .grownUp ? .grownUp : .child
        let hair = PaintColor(design.detailColor)
        let elder = design.kind == .grownUp && hair.r > 0.7 && hair.g > 0.7 && hair.b > 0.7
        hairStyle = elder ? .bun : .bob
        garment = .top
        glasses = elder ? .ink : nil
    }

    var proportions: Proportions { Proportions(build) }

    /// How tall a person of `design` stands, in figure units (before the painter's size).
    static func height(of design: CharacterDesign) -> Double {
        PersonLook(design).proportions.height
    }
}
