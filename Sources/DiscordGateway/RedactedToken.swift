/// A bot token that prints, dumps and reflects as `<redacted>`.
struct RedactedToken: Sendable, CustomStringConvertible, CustomReflectable {
    let value: String

    var description: String { "<redacted>" }
    var customMirror: Mirror { Mirror(self, children: [:]) }
}
