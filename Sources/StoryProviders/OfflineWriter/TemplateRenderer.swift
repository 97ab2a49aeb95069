/// Fills `{key}` slots in a sentence template. A template that names a key without a value
/// (a companion line when there is no companion) renders as nil and is skipped, so no slot ever
/// leaks into a story.
struct TemplateRenderer: Sendable {
    var values: [String: String]

    init(values: [String: String]) { self.values = values }

    /// A copy with more values (page-specific things, creatures, greetings).
    func adding(_ extra: [String: String]) -> TemplateRenderer {
        TemplateRenderer(values: values.merging(extra) { _, new in new })
    }

    /// The sentence with every slot filled and its first letter capitalised, or nil when a slot has no value.
    func render(_ template: String) -> String? {
        var output = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            output += rest[rest.startIndex..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { return nil }
            let key = String(rest[rest.index(after: open)..<close])
            guard let value = values[key], !value.isEmpty else { return nil }
            output += value
            rest = rest[rest.index(after: close)...]
        }
        output += rest
        return TextTools.capitalisingFirst(TextTools.tidy(output))
    }
}
