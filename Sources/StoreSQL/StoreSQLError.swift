/// A row the shared layer could not read as the schema promises.
public enum StoreSQLError: Error, Equatable, CustomStringConvertible {
    /// `what` (a table or column) holds something unexpected: `detail` says what.
    case corrupt(_ what: String, _ detail: String)

    public var description: String {
        switch self {
        case let .corrupt(what, detail): "the stored \(what) cannot be read: \(detail)"
        }
    }
}
