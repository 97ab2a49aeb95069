import Foundation
import StoryStore

/// `setup-link.txt`: the setup link, one line, for installs whose standard output is a log.
/// Beside the SQLite database; on PostgreSQL, in the service's working directory. Mode 0600
/// whatever the umask; removed once the install has a grown-up.
public struct SetupLinkFile: Sendable, Equatable {
    /// The file's name.
    public static let name = "setup-link.txt"

    public let url: URL

    public init(url: URL) { self.url = url }

    /// Beside the SQLite database; in the working directory with PostgreSQL.
    public static func location(for config: AppConfig) -> URL {
        let folder = config.databaseURL == nil
            ? URL(fileURLWithPath: config.databasePath).deletingLastPathComponent()
            : URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return folder.appendingPathComponent(name)
    }

    /// Replaces the file with `link` (one line).
    public func write(_ link: String) throws {
        try PrivateFiles.write(Data((link + "\n").utf8), to: url)
    }

    /// Removes the file when it is there (its link no longer works).
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    public var exists: Bool { FileManager.default.fileExists(atPath: url.path) }
}
