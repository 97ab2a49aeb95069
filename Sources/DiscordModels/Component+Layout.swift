/// Layout components (Discord's "components v2"): a message with ``MessagePayload/componentsV2``
/// is built only from components — no `content`, no `embeds`, no poll — and keeps the flag for
/// good. Kinds: Section 9, Text Display 10, Thumbnail 11, Media Gallery 12, File 13,
/// Separator 14, Container 17 (plus Action Row 1 and Button 2).
extension Component {
    public enum LayoutKind {
        public static let actionRow = 1
        public static let button = 2
        public static let section = 9
        public static let textDisplay = 10
        public static let thumbnail = 11
        public static let mediaGallery = 12
        public static let file = 13
        public static let separator = 14
        public static let container = 17
    }

    /// A card: its children (Text Displays, Media Galleries, Sections, Separators, Files, Action
    /// Rows) with an accent colour on its edge.
    public static func container(_ children: [Component], accentColor: Int? = nil) -> Component {
        var c = Component(type: LayoutKind.container, components: children)
        c.accentColor = accentColor
        return c
    }

    /// Markdown text (all Text Displays of a message share ``PayloadLimits/textDisplayTotal``).
    public static func textDisplay(_ content: String) -> Component {
        var c = Component(type: LayoutKind.textDisplay)
        c.content = content
        return c
    }

    /// Pictures shown large, each `attachment://name` or an https URL.
    public static func mediaGallery(_ items: [MediaGalleryItem]) -> Component {
        var c = Component(type: LayoutKind.mediaGallery)
        c.items = items
        return c
    }

    /// 1–3 Text Displays with a Thumbnail (or a Button) beside them.
    public static func section(_ texts: [Component], accessory: Component) -> Component {
        var c = Component(type: LayoutKind.section, components: texts)
        c.accessory = LayoutAccessory(accessory)
        return c
    }

    /// A small picture, a Section's accessory.
    public static func thumbnail(url: String) -> Component {
        var c = Component(type: LayoutKind.thumbnail)
        c.media = UnfurledMedia(url: url)
        return c
    }

    /// An attached file shown as a download (`attachment://name`).
    public static func file(url: String) -> Component {
        var c = Component(type: LayoutKind.file)
        c.file = UnfurledMedia(url: url)
        return c
    }

    /// Space between components; `divider` draws a line.
    public static func separator(divider: Bool = true, spacing: Int = 1) -> Component {
        var c = Component(type: LayoutKind.separator)
        c.divider = divider
        c.spacing = spacing
        return c
    }

    /// How many components this one counts as (itself and everything nested, accessory included).
    public var nestedCount: Int {
        1 + (components ?? []).reduce(0) { $0 + $1.nestedCount } + (accessory?.component.nestedCount ?? 0)
    }

    /// The code points of every Text Display in it.
    public var textDisplayCodePoints: Int {
        (type == LayoutKind.textDisplay ? content?.codePointCount ?? 0 : 0)
            + (components ?? []).reduce(0) { $0 + $1.textDisplayCodePoints } + (accessory?.component.textDisplayCodePoints ?? 0)
    }
}

extension MessagePayload {
    /// Message flag `IS_COMPONENTS_V2`: a layout message; once set it cannot be removed.
    public static let componentsV2 = 1 << 15

    /// Whether the payload carries the layout flag.
    public var isComponentsV2: Bool { (flags ?? 0) & Self.componentsV2 != 0 }
}

/// A media reference: `attachment://name` or an http(s) URL.
public struct UnfurledMedia: Codable, Sendable, Equatable {
    public var url: String
    public init(url: String) { self.url = url }
}

/// One picture of a Media Gallery, with its alt text.
public struct MediaGalleryItem: Codable, Sendable, Equatable {
    public var media: UnfurledMedia
    public var description: String?
    public var spoiler: Bool?

    public init(url: String, description: String? = nil) {
        media = UnfurledMedia(url: url)
        self.description = description
    }
}

/// A Section's accessory, boxed (a struct cannot hold itself directly); encoded as the component.
public struct LayoutAccessory: Codable, Sendable, Equatable {
    private var boxed: [Component]

    public init(_ component: Component) { boxed = [component] }

    public var component: Component { boxed[0] }

    public init(from decoder: any Decoder) throws { boxed = [try Component(from: decoder)] }

    public func encode(to encoder: any Encoder) throws { try boxed[0].encode(to: encoder) }
}
