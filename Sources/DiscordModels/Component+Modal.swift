/// A Label's one child: boxed, since a struct cannot hold a value of its own type.
public indirect enum ComponentChild: Codable, Sendable, Equatable {
    case component(Component)

    public var value: Component {
        switch self {
        case let .component(component): component
        }
    }

    public init(from decoder: any Decoder) throws { self = .component(try Component(from: decoder)) }
    public func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

/// Modal components (Discord's current form: each input inside a Label). Limits:
/// docs/discord.md, "A form for a new story".
extension Component {
    public enum ModalType {
        public static let actionRow = 1
        public static let stringSelect = 3
        public static let textInput = 4
        public static let textDisplay = 10
        public static let label = 18
        public static let fileUpload = 19
        public static let radioGroup = 21
        public static let checkboxGroup = 22
        public static let checkbox = 23
    }

    /// A Label's child, if this is a Label.
    public var child: Component? { component?.value }

    /// A Label (type 18): a title (≤ 45) and description (≤ 100) for one input.
    public static func label(_ label: String, description: String? = nil, _ child: Component) -> Component {
        var c = Component(type: ModalType.label, label: label)
        c.description = description
        c.component = .component(child)
        return c
    }

    /// A Text Input (type 4): `style` 1 short, 2 paragraph.
    public static func textInput(customID: String, paragraph: Bool = false, required: Bool, minLength: Int? = nil, maxLength: Int,
                                 placeholder: String? = nil) -> Component {
        var c = Component(type: ModalType.textInput, style: paragraph ? 2 : 1, customID: customID)
        c.required = required
        c.minLength = minLength
        c.maxLength = maxLength
        c.placeholder = placeholder
        return c
    }

    /// A String Select (type 3) with at most 25 options.
    public static func stringSelect(customID: String, options: [ComponentOption], required: Bool, placeholder: String? = nil) -> Component {
        var c = Component(type: ModalType.stringSelect, customID: customID)
        c.options = options
        c.required = required
        c.placeholder = placeholder
        return c
    }

    /// A Radio Group (type 21): one of 2–10 options.
    public static func radioGroup(customID: String, options: [ComponentOption], required: Bool) -> Component {
        var c = Component(type: ModalType.radioGroup, customID: customID)
        c.options = options
        c.required = required
        return c
    }

    /// A Checkbox Group (type 22): any of 1–10 options (`minValues` 0 needs `required` false).
    public static func checkboxGroup(customID: String, options: [ComponentOption], minValues: Int, maxValues: Int,
                                     required: Bool) -> Component {
        var c = Component(type: ModalType.checkboxGroup, customID: customID)
        c.options = options
        c.minValues = minValues
        c.maxValues = maxValues
        c.required = required
        return c
    }

    /// A File Upload (type 19): up to `maxValues` (≤ 10) files.
    public static func fileUpload(customID: String, minValues: Int, maxValues: Int, required: Bool) -> Component {
        var c = Component(type: ModalType.fileUpload, customID: customID)
        c.minValues = minValues
        c.maxValues = maxValues
        c.required = required
        return c
    }

}
