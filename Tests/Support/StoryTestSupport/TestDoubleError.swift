/// Errors the fakes throw: a call the test did not expect, or a failure the test scripted.
public enum TestDoubleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A fake was called where the test did not plan for it (it records an issue too).
    case unexpectedCall(String)
    /// A failure the test asked a fake to produce.
    case scripted(String)

    public var description: String {
        switch self {
        case let .unexpectedCall(what): "unexpected call: \(what)"
        case let .scripted(what): "scripted failure: \(what)"
        }
    }
}
