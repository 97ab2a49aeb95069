/// An outgoing message: create, edit, follow-up, or an interaction response's `data`.
/// Validate it with ``validate()`` before sending.
public struct MessagePayload: Codable, Sendable, Equatable {
    public var content: String?
    public var embeds: [Embed]?
    public var components: [Component]?
    public var flags: Int?
    /// Uploaded files' metadata (`id` = the `files[n]` placeholder) or kept attachments.
    public var attachments: [AttachmentReference]?
    public var allowedMentions: AllowedMentions?
    /// Channel messages only: a client id for the message (at most 25 characters). With
    /// `enforceNonce`, Discord returns the message already sent with this nonce (by the same
    /// author, within a few minutes) instead of creating a second one: a retried post is safe.
    public var nonce: String?
    public var enforceNonce: Bool?
    /// A native poll (new channel messages only; never edited).
    public var poll: PollCreate?

    public init(content: String? = nil, embeds: [Embed]? = nil, components: [Component]? = nil, flags: Int? = nil,
                attachments: [AttachmentReference]? = nil, allowedMentions: AllowedMentions? = .noPings,
                nonce: String? = nil, enforceNonce: Bool? = nil, poll: PollCreate? = nil) {
        self.poll = poll
        self.content = content
        self.embeds = embeds
        self.components = components
        self.flags = flags
        self.attachments = attachments
        self.allowedMentions = allowedMentions
        self.nonce = nonce
        self.enforceNonce = enforceNonce
    }

    /// The longest nonce Discord accepts.
    public static let maxNonceLength = 25

    /// Message flag: only the invoking user sees it.
    public static let ephemeral = 1 << 6
    /// Message flag `IS_VOICE_MESSAGE`: one Ogg/Opus attachment with `duration_secs` and
    /// `waveform`, no content; it cannot be edited.
    public static let voiceMessage = 1 << 13

    enum CodingKeys: String, CodingKey {
        case content, embeds, components, flags, attachments, nonce, poll
        case allowedMentions = "allowed_mentions"
        case enforceNonce = "enforce_nonce"
    }
}

/// Which mentions in the content ping people. Stories never ping anyone.
public struct AllowedMentions: Codable, Sendable, Equatable {
    public var parse: [String]
    public init(parse: [String]) { self.parse = parse }
    public static let noPings = AllowedMentions(parse: [])
}

/// An embed (the fields this bot sends).
public struct Embed: Codable, Sendable, Equatable {
    public struct Image: Codable, Sendable, Equatable {
        public var url: String
        public init(url: String) { self.url = url }
    }

    public struct Footer: Codable, Sendable, Equatable {
        public var text: String
        public init(text: String) { self.text = text }
    }

    public var title: String?
    public var description: String?
    public var color: Int?
    public var image: Image?
    public var footer: Footer?

    public init(title: String? = nil, description: String? = nil, color: Int? = nil, image: Image? = nil, footer: Footer? = nil) {
        self.title = title
        self.description = description
        self.color = color
        self.image = image
        self.footer = footer
    }
}

/// An attachment entry in `attachments`: a new upload (`id` = placeholder n) or an existing one.
public struct AttachmentReference: Codable, Sendable, Equatable {
    public var id: String
    public var filename: String?
    public var description: String?
    /// A voice message's length in seconds.
    public var durationSecs: Double?
    /// A voice message's waveform: base64 of up to 256 amplitude bytes.
    public var waveform: String?

    public init(id: String, filename: String? = nil, description: String? = nil, durationSecs: Double? = nil, waveform: String? = nil) {
        self.id = id
        self.filename = filename
        self.description = description
        self.durationSecs = durationSecs
        self.waveform = waveform
    }

    enum CodingKeys: String, CodingKey {
        case id, filename, description, waveform
        case durationSecs = "duration_secs"
    }

    /// Reads `id` as Discord does: a snowflake string, or the integer index of an upload.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let index = try? container.decode(Int.self, forKey: .id) {
            id = String(index)
        } else {
            id = try container.decode(String.self, forKey: .id)
        }
        filename = try container.decodeIfPresent(String.self, forKey: .filename)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        durationSecs = try container.decodeIfPresent(Double.self, forKey: .durationSecs)
        waveform = try container.decodeIfPresent(String.self, forKey: .waveform)
    }
}

/// A message component: an action row of buttons, or a button; with the layout flag
/// (``MessagePayload/componentsV2``) also the layout kinds of Component+Layout.swift.
public struct Component: Codable, Sendable, Equatable {
    public var type: Int
    public var components: [Component]?
    public var style: Int?
    public var label: String?
    public var customID: String?
    public var disabled: Bool?
    public var skuID: Snowflake?
    public var url: String?

    // Layout components (cards, IS_COMPONENTS_V2): built by the factories in Component+Layout.swift.
    /// Optional numeric id, unique within the message.
    public var id: Int?
    /// A Text Display's markdown.
    public var content: String?
    /// A Container's accent colour (0xRRGGBB).
    public var accentColor: Int?
    /// A Container's, Thumbnail's or File's spoiler mark.
    public var spoiler: Bool?
    /// A Media Gallery's pictures (1–10).
    public var items: [MediaGalleryItem]?
    /// A Section's Thumbnail or Button, beside its text.
    public var accessory: LayoutAccessory?
    /// A Thumbnail's picture.
    public var media: UnfurledMedia?
    /// A File's attachment (`attachment://name`).
    public var file: UnfurledMedia?
    /// A Separator's size: 1 small, 2 large.
    public var spacing: Int?
    /// A Separator drawn as a line.
    public var divider: Bool?

    // Modal components (modal, #35): a Label's one child, text inputs, selects, radio and
    // checkbox groups, file uploads, and the values a MODAL_SUBMIT echoes. Built with the
    // factories in Component+Modal.swift.
    /// A Label's (type 18) one child.
    public var component: ComponentChild?
    public var description: String?
    public var placeholder: String?
    public var required: Bool?
    public var minLength: Int?
    public var maxLength: Int?
    /// A text input's prefill, or (in a MODAL_SUBMIT) what was typed or the radio choice.
    public var value: String?
    /// In a MODAL_SUBMIT: a select's or checkbox group's choices, or a file upload's attachment ids.
    public var values: [String]?
    public var options: [ComponentOption]?
    public var minValues: Int?
    public var maxValues: Int?

    // install (#35): a button's emoji — an application emoji `{id, name}` or a Unicode one `{name}`.
    public var emoji: PartialEmoji?

    public init(type: Int, components: [Component]? = nil, style: Int? = nil, label: String? = nil, customID: String? = nil,
                disabled: Bool? = nil, skuID: Snowflake? = nil, url: String? = nil) {
        self.type = type
        self.components = components
        self.style = style
        self.label = label
        self.customID = customID
        self.disabled = disabled
        self.skuID = skuID
        self.url = url
    }

    public static func actionRow(_ components: [Component]) -> Component { Component(type: 1, components: components) }

    /// A button; `style` 1 primary, 2 secondary, 3 success, 4 danger.
    public static func button(style: Int, label: String, customID: String, disabled: Bool = false) -> Component {
        Component(type: 2, style: style, label: label, customID: customID, disabled: disabled ? true : nil)
    }

    /// A premium (purchase) button for a SKU.
    public static func premiumButton(sku: Snowflake) -> Component { Component(type: 2, style: 6, skuID: sku) }

    enum CodingKeys: String, CodingKey {
        case type, components, style, label, disabled, url
        case customID = "custom_id"
        case skuID = "sku_id"
        case id, content, spoiler, items, accessory, media, file, spacing, divider, accentColor = "accent_color"
        case component, description, placeholder, required, value, values, options
        case minLength = "min_length", maxLength = "max_length", minValues = "min_values", maxValues = "max_values"

        case emoji
    }
}
