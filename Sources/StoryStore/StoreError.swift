import GRDB

/// A storage failure, described so that an admin knows what to do.
public struct StoreError: Error, CustomStringConvertible, Sendable {
    public enum Kind: String, Sendable {
        case notADatabase, readOnly, diskFull, cannotOpen, corrupt, other
    }

    public let kind: Kind
    public let path: String
    public let detail: String

    public init(kind: Kind, path: String, detail: String) {
        self.kind = kind
        self.path = path
        self.detail = detail
    }

    init(_ error: any Error, path: String) {
        self.path = path
        if let error = error as? DatabaseError {
            detail = error.message ?? "\(error.resultCode)"
            switch error.resultCode {
            case .SQLITE_NOTADB: kind = .notADatabase
            case .SQLITE_READONLY: kind = .readOnly
            case .SQLITE_FULL: kind = .diskFull
            case .SQLITE_CANTOPEN, .SQLITE_PERM: kind = .cannotOpen
            case .SQLITE_CORRUPT: kind = .corrupt
            default: kind = .other
            }
        } else {
            kind = .other
            detail = "\(error)"
        }
    }

    public var description: String {
        switch kind {
        case .notADatabase: "\(path) is not a SQLite database (wrong file, or corrupt): move it aside or set DATABASE_PATH."
        case .readOnly: "\(path) is read-only: give the service write access to the file and its folder."
        case .diskFull: "The disk holding \(path) is full: free some space; nothing stored was lost."
        case .cannotOpen: "Cannot open \(path) (\(detail)): check that the folder exists and is writable."
        case .corrupt: "\(path) is damaged (\(detail)): restore a backup or move it aside."
        case .other: "Database error at \(path): \(detail)"
        }
    }
}
