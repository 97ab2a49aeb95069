/// Discord's documented message limits, checked before anything is sent. Every text limit is
/// in Unicode code points (see ``Swift/StringProtocol/codePointCount``).
public enum PayloadLimits {
    public static let content = 2_000
    public static let embeds = 10
    public static let embedTitle = 256
    public static let embedDescription = 4_096
    public static let embedFooter = 2_048
    public static let embedTotal = 6_000
    public static let actionRows = 5
    public static let buttonsPerRow = 5
    public static let buttonLabel = 80
    public static let customID = 100
    public static let attachments = 10
    public static let autocompleteChoices = 25
    public static let choiceName = 100
    public static let choiceValue = 100
    public static let attachmentDescription = 1_024
    /// Layout messages (``MessagePayload/componentsV2``): components counted with everything nested.
    public static let layoutComponents = 40
    /// Layout messages: the code points of all Text Displays together.
    public static let textDisplayTotal = 4_000
    /// Pictures in one Media Gallery.
    public static let mediaGalleryItems = 10
    /// Text Displays in one Section.
    public static let sectionTexts = 3
}

/// A payload that breaks one of Discord's limits (`field` names where, `limit` the bound).
public struct PayloadLimitError: Error, Equatable, Sendable, CustomStringConvertible {
    public var field: String
    public var limit: Int
    public var actual: Int

    public init(field: String, limit: Int, actual: Int) {
        self.field = field
        self.limit = limit
        self.actual = actual
    }

    public var description: String { "\(field) is \(actual), over Discord's limit of \(limit)" }
}

extension MessagePayload {
    /// Throws the first limit this payload breaks.
    public func validate() throws(PayloadLimitError) {
        func check(_ field: String, _ actual: Int, _ limit: Int) throws(PayloadLimitError) {
            if actual > limit { throw PayloadLimitError(field: field, limit: limit, actual: actual) }
        }
        try check("content", content?.codePointCount ?? 0, PayloadLimits.content)
        let embeds = embeds ?? []
        try check("embeds", embeds.count, PayloadLimits.embeds)
        var total = 0
        for (index, embed) in embeds.enumerated() {
            try check("embeds[\(index)].title", embed.title?.codePointCount ?? 0, PayloadLimits.embedTitle)
            try check("embeds[\(index)].description", embed.description?.codePointCount ?? 0, PayloadLimits.embedDescription)
            try check("embeds[\(index)].footer", embed.footer?.text.codePointCount ?? 0, PayloadLimits.embedFooter)
            total += (embed.title?.codePointCount ?? 0) + (embed.description?.codePointCount ?? 0) + (embed.footer?.text.codePointCount ?? 0)
        }
        try check("embeds total", total, PayloadLimits.embedTotal)
        let rows = components ?? []
        if isComponentsV2 {
            try check("components", rows.reduce(0) { $0 + $1.nestedCount }, PayloadLimits.layoutComponents)
            try check("components text", rows.reduce(0) { $0 + $1.textDisplayCodePoints }, PayloadLimits.textDisplayTotal)
        } else {
            try check("components", rows.count, PayloadLimits.actionRows)
        }
        for (r, row) in rows.enumerated() where row.type == Component.LayoutKind.actionRow {
            let buttons = row.components ?? []
            try check("components[\(r)]", buttons.count, PayloadLimits.buttonsPerRow)
            for (b, button) in buttons.enumerated() {
                try check("components[\(r)][\(b)].label", button.label?.codePointCount ?? 0, PayloadLimits.buttonLabel)
                try check("components[\(r)][\(b)].custom_id", button.customID?.codePointCount ?? 0, PayloadLimits.customID)
            }
        }
        try check("attachments", attachments?.count ?? 0, PayloadLimits.attachments)
        try check("nonce", nonce?.codePointCount ?? 0, MessagePayload.maxNonceLength)
    }
}
