import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files only the service's own user may read (0600) in folders only it may enter (0700),
/// whatever the process's umask: the database, its backups, the setup link.
public enum PrivateFiles {
    /// A file's mode: read and write for its owner only.
    public static let fileMode: mode_t = 0o600
    /// A folder's mode: its owner only.
    public static let folderMode: mode_t = 0o700

    /// Writes `data` to `url` whole: a private temporary file beside it, renamed over it, so a
    /// reader never sees half a file and nobody else can read it at any moment.
    public static func write(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, fileMode)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var failure: Int32 = 0
        if fchmod(fd, fileMode) != 0 { failure = errno }
        if failure == 0 {
            do {
                try FileHandle(fileDescriptor: fd, closeOnDealloc: false).write(contentsOf: data)
            } catch {
                failure = EIO
            }
        }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        close(fd)
        if failure == 0, rename(temporary.path, url.path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary.path)
            throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
        }
    }

    /// Makes the folder and its missing parents, each only its owner may enter; a folder that
    /// already exists keeps its mode (an admin may have chosen to share it).
    public static func makeFolder(_ url: URL) throws {
        var missing: [URL] = []
        var folder = url.standardizedFileURL
        var isFolder: ObjCBool = false
        while !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            missing.append(folder)
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        if missing.isEmpty, !isFolder.boolValue { throw POSIXError(.ENOTDIR) }
        for created in missing.reversed() {
            if mkdir(created.path, folderMode) != 0, errno != EEXIST { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            chmod(created.path, folderMode)
        }
    }

    /// Makes an empty private file at `path` unless one exists, so that what opens it next (SQLite)
    /// finds it 0600; SQLite gives its -wal and -shm files the database file's mode.
    public static func create(_ path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, fileMode)
        if fd < 0 {
            if errno == EEXIST { return }
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        fchmod(fd, fileMode)
        close(fd)
    }

    /// The file's permission bits (for tests and checks).
    public static func mode(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o777
    }
}
