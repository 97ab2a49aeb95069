import StoryDomain

/// What the built-in illustrator draws on a page, decided before any paint is laid: the setting
/// and its backdrop, the things in the moment, and every figure with its kind, place and colours.
/// The painter draws exactly this, so it doubles as a testable description of the picture.
public struct PagePicture: Sendable, Equatable {
    /// Who a figure is in the story.
    public enum Role: String, Sendable, Equatable {
        case hero, companion, other
        /// Another named hero (a member of the family's cast), beside the hero on every page.
        case friend
    }

    /// One figure as drawn: feet at (`x`, `baseY`) in scene units (the picture is 512 units tall).
    public struct Figure: Sendable, Equatable {
        public var kind: CreatureKind
        public var role: Role
        public var x: Double
        public var baseY: Double
        /// Relative size (1 = the standard size of its kind).
        public var size: Double
        /// Body, accent and detail colours, exactly as painted.
        public var colors: [RGB]
        /// Roughly how tall it stands, in scene units.
        public var height: Double
    }

    /// One thing drawn, and where.
    public struct Prop: Sendable, Equatable {
        /// The story's word for it ("bell").
        public var word: String
        /// The shape used ("bell", or "bundle" for a thing without a shape of its own).
        public var shape: String
        public var x: Double
        public var y: Double
    }

    /// The place painted (the sheet's setting, or home for the wind-down).
    public var setting: StorySetting
    /// The parts of the backdrop painted ("water", "coral", "earth", "craters", "blackboard", …).
    public var backdrop: [String]
    public var props: [Prop]
    public var figures: [Figure]
    /// The picture's width in scene units.
    public var sceneWidth: Double
    /// A short, stable name of the page's composition ("wide-left", "close-right", "bed"): two
    /// consecutive pages of a story never share one.
    public var composition: String = "standard"

    /// The backdrop parts each setting paints.
    static func backdrop(for setting: StorySetting) -> [String] {
        switch setting {
        case .underwater: ["water", "light rays", "seaweed", "coral", "fish", "bubbles", "sandy sea floor"]
        case .space: ["starry black sky", "earth", "moon surface", "craters"]
        case .school: ["classroom wall", "blackboard", "window", "paintings", "desks", "wooden floor"]
        case .castle: ["sky", "castle", "towers", "flags", "hills"]
        case .home: ["bedroom wall", "window", "bed", "lamp", "rug"]
        case .forest: ["sky", "pine trees", "forest floor"]
        case .seaside: ["sky", "sea", "beach", "boat", "lighthouse"]
        case .meadow, .garden: ["sky", "hills", "flowers"]
        case .mountains: ["sky", "mountains"]
        case .town: ["sky", "houses", "street"]
        case .jungle: ["sky", "palms", "big leaves", "vines"]
        case .snow: ["sky", "snowy hills", "snowman", "falling snow"]
        case .farm: ["sky", "barn", "fence", "hay bale"]
        }
    }
}
