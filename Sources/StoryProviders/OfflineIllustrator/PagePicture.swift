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
        /// Lying down (asleep in bed): then `height` runs along the ground.
        public var lying: Bool = false
        /// Lifted off the ground by this much (flying, swimming), in scene units.
        public var lift: Double = 0
        /// In a bed of its own, upright under the blanket (a car or a train asleep: things never lie down).
        public var tucked: Bool = false

        /// The box the figure is painted in, roughly, in scene units (for the "nothing cut off" check).
        public var bounds: Box {
            if lying {
                // Laid on its side, head to the left: from the head (x - height) to the feet, as thick as a body.
                return Box(x: x - height - 6, y: baseY - height * 0.42, width: height + 14, height: height * 0.44)
            }
            let half = height * FigurePainter.halfWidthRatio(of: kind)
            return Box(x: x - half, y: baseY - height - lift - 6, width: 2 * half, height: height + 10)
        }
    }

    /// A rectangle in scene units.
    public struct Box: Sendable, Equatable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        public var maxX: Double { x + width }
        public var maxY: Double { y + height }

        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        /// Whether `other` lies wholly inside this box.
        public func contains(_ other: Box) -> Bool {
            other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
        }
    }

    /// One thing drawn, and where.
    public struct Prop: Sendable, Equatable {
        /// The story's word for it ("bell").
        public var word: String
        /// The shape used ("bell"); a word without a shape is not drawn and has no `Prop`.
        public var shape: String
        public var x: Double
        public var y: Double
        /// About how many units across it is drawn.
        public var size: Double = 64

        /// The box it is drawn in.
        public var bounds: Box { Box(x: x - size / 2, y: y - size / 2, width: size, height: size) }
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
    /// The room painted when the moment is inside ("kitchen", "workshop", "classroom", "bedroom", "hall",
    /// "living-room", "library").
    public var room: String?
    /// The weather painted ("rain", "snow", "wind", "fog", "rainbow").
    public var weather: String?
    /// The table the figures work at, when there is one (kitchen, workshop).
    public var table: Box?
    /// What the riders sit in ("boat", "sled"), drawn round them.
    public var ride: String?
    /// The beds at bedtime, each with the figure lying in it (the hero's first).
    public var beds: [Box] = []
    /// How much the scenery is enlarged (1, or more on a close page) and the scene point it is enlarged about.
    public var zoom: Double = 1
    public var zoomX: Double = 0
    public var zoomY: Double = 0

    /// The whole picture, in scene units.
    public var frame: Box { Box(x: 0, y: 0, width: sceneWidth, height: 512) }

    /// Where a point of the scenery (as painted unzoomed) lands in the picture.
    public func zoomed(x: Double, y: Double) -> (x: Double, y: Double) {
        (zoomX + (x - zoomX) * zoom, zoomY + (y - zoomY) * zoom)
    }

    /// The backdrop parts each room paints.
    static func backdrop(for room: PageComposition.Room) -> [String] {
        switch room {
        case .kitchen: ["kitchen wall", "oven", "table", "shelves", "tiled floor"]
        case .workshop: ["workshop wall", "workbench", "tool board", "planks", "wooden floor"]
        case .classroom: backdrop(for: .school)
        case .bedroom: backdrop(for: .home)
        case .hall: ["stone wall", "arched windows", "banners", "throne", "red carpet"]
        case .livingRoom: ["living-room wall", "window", "sofa", "picture", "lamp", "rug", "wooden floor"]
        case .library: backdrop(for: StorySetting.library)
        }
    }

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
        case .river: ["sky", "hills", "willows", "river", "bridge", "stepping stones", "reeds"]
        case .library: ["bookshelves", "books", "arched window", "reading lamp", "armchair", "rug", "wooden floor"]
        }
    }
}
