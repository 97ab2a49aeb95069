import DiscordModels
import Foundation

/// Checks a layout message's components (flag `IS_COMPONENTS_V2`) as Discord does: which kinds
/// may stand where (top level; inside a Container; a Section's 1–3 Text Displays and its
/// Thumbnail or Button), at most 40 components counted with everything nested, all Text
/// Displays together within 4,000 code points, Media Galleries of 1–10 pictures, media that name
/// an attachment of the message (or an http(s) URL), unique ids.
struct LayoutComponentValidator {
    private typealias Kind = Component.LayoutKind
    private static let topLevel: Set<Int> = [Kind.actionRow, Kind.section, Kind.textDisplay, Kind.mediaGallery, Kind.file,
                                             Kind.separator, Kind.container]
    private static let inContainer: Set<Int> = [Kind.actionRow, Kind.section, Kind.textDisplay, Kind.mediaGallery, Kind.file,
                                                Kind.separator]
    private static let embeddableExtensions = ["jpg", "jpeg", "png", "webp", "gif"]

    let path: [String]
    /// Validates action rows and buttons as in a classic message.
    let rows: ComponentValidator
    let filenames: Set<String>

    func validate(_ components: [Component], customIDs: inout Set<String>) throws(DiscordAPIError) {
        let total = components.reduce(0) { $0 + $1.nestedCount }
        guard total <= PayloadLimits.layoutComponents else {
            throw error(path, "BASE_TYPE_MAX_LENGTH", "Must be \(PayloadLimits.layoutComponents) or fewer in length.")
        }
        let text = components.reduce(0) { $0 + $1.textDisplayCodePoints }
        guard text <= PayloadLimits.textDisplayTotal else {
            throw error(path, "COMPONENTS_TEXT_TOO_LONG", "The text of all Text Displays must be 4000 or fewer in length.")
        }
        var ids = Set<Int>()
        for (index, component) in components.enumerated() {
            try validate(component, at: path + [String(index)], allowed: Self.topLevel, customIDs: &customIDs, ids: &ids)
        }
    }

    private func validate(_ component: Component, at path: [String], allowed: Set<Int>, customIDs: inout Set<String>,
                          ids: inout Set<Int>) throws(DiscordAPIError) {
        guard allowed.contains(component.type) else {
            throw error(path + ["type"], "COMPONENT_TYPE_INVALID", "Component type \(component.type) is not allowed here.")
        }
        if let id = component.id, id != 0, !ids.insert(id).inserted {
            throw error(path + ["id"], "COMPONENT_ID_DUPLICATED", "Component ids must be unique within the message.")
        }
        switch component.type {
        case Kind.actionRow:
            try rows.validateRow(component, at: path, customIDs: &customIDs)
        case Kind.container:
            let children = component.components ?? []
            guard !children.isEmpty else { throw error(path + ["components"], "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.") }
            if let colour = component.accentColor, !(0...0xFFFFFF).contains(colour) {
                throw error(path + ["accent_color"], "NUMBER_TYPE_OUT_OF_RANGE", "Must be between 0 and 16777215.")
            }
            for (index, child) in children.enumerated() {
                try validate(child, at: path + ["components", String(index)], allowed: Self.inContainer, customIDs: &customIDs, ids: &ids)
            }
        case Kind.section:
            let texts = component.components ?? []
            guard (1...PayloadLimits.sectionTexts).contains(texts.count) else {
                throw error(path + ["components"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 3 in length.")
            }
            for (index, text) in texts.enumerated() {
                try validate(text, at: path + ["components", String(index)], allowed: [Kind.textDisplay], customIDs: &customIDs, ids: &ids)
            }
            guard let accessory = component.accessory?.component else {
                throw error(path + ["accessory"], "BASE_TYPE_REQUIRED", "This field is required")
            }
            switch accessory.type {
            case Kind.thumbnail: try validateMedia(accessory.media, at: path + ["accessory", "media"], image: true)
            case Kind.button: try rows.validateAccessoryButton(accessory, at: path + ["accessory"], customIDs: &customIDs)
            default: throw error(path + ["accessory", "type"], "COMPONENT_TYPE_INVALID", "A Section's accessory is a Thumbnail or a Button.")
            }
        case Kind.textDisplay:
            guard let content = component.content, !content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw error(path + ["content"], "BASE_TYPE_REQUIRED", "This field is required")
            }
        case Kind.mediaGallery:
            let items = component.items ?? []
            guard (1...PayloadLimits.mediaGalleryItems).contains(items.count) else {
                throw error(path + ["items"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 10 in length.")
            }
            for (index, item) in items.enumerated() {
                let itemPath = path + ["items", String(index)]
                try validateMedia(item.media, at: itemPath + ["media"], image: true)
                if (item.description?.codePointCount ?? 0) > PayloadLimits.attachmentDescription {
                    throw error(itemPath + ["description"], "BASE_TYPE_MAX_LENGTH", "Must be 1024 or fewer in length.")
                }
            }
        case Kind.file:
            guard let url = component.file?.url, url.hasPrefix("attachment://") else {
                throw error(path + ["file", "url"], "UNFURLED_MEDIA_ITEM_INVALID", "A File shows an attachment (attachment://name).")
            }
            try validateMedia(component.file, at: path + ["file"], image: false)
        case Kind.separator:
            if let spacing = component.spacing, ![1, 2].contains(spacing) {
                throw error(path + ["spacing"], "BASE_TYPE_CHOICES", "Value must be one of (1, 2).")
            }
        default:
            throw error(path + ["type"], "COMPONENT_TYPE_INVALID", "Component type \(component.type) is not allowed here.")
        }
    }

    /// A media item: `attachment://name` of a file the message holds (a picture where one is
    /// shown), or an http(s) URL.
    private func validateMedia(_ media: UnfurledMedia?, at path: [String], image: Bool) throws(DiscordAPIError) {
        guard let url = media?.url else { throw error(path + ["url"], "BASE_TYPE_REQUIRED", "This field is required") }
        if url.hasPrefix("attachment://") {
            let name = String(url.dropFirst("attachment://".count))
            let fileExtension = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
            guard filenames.contains(name), !image || Self.embeddableExtensions.contains(fileExtension) else {
                throw error(path + ["url"], "ATTACHMENT_NOT_FOUND", "\(url) matches no attachment of this message.")
            }
        } else if !(url.hasPrefix("https://") || url.hasPrefix("http://")) {
            throw error(path + ["url"], "URL_TYPE_INVALID_URL", "Not a well formed URL.")
        }
    }

    private func error(_ path: [String], _ code: String, _ message: String) -> DiscordAPIError {
        .invalidFormBody(at: path, code: code, message: message)
    }
}
