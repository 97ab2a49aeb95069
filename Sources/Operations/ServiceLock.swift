import Foundation
import StoryStore
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Says "the service is serving this database": an exclusive `flock` on `<database>.lock`,
/// which holds the holder's process id. The kernel lets go of it when the process ends, however
/// it ends, so a crash never leaves a stale lock. `restore` takes the same lock, so it refuses
/// while the service runs, and a service cannot start while a restore is under way.
public final class ServiceLock: Sendable {
    /// The lock file.
    public let path: String
    /// The open lock file; -1 once released.
    private let descriptor: Mutex<Int32>

    /// The lock file that guards the database at `databasePath`.
    public static func path(forDatabase databasePath: String) -> String { databasePath + ".lock" }

    /// Takes the lock for the database at `databasePath` (creating its folder and lock file).
    /// - Throws: ``ServiceLockError/held(path:pid:)`` when another process holds it.
    public static func acquire(forDatabase databasePath: String) throws(ServiceLockError) -> ServiceLock {
        let path = path(forDatabase: databasePath)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        // The database's folder: only the service's user may enter it (PrivateFiles).
        try? PrivateFiles.makeFolder(URL(fileURLWithPath: folder))
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let reason = errno
            close(descriptor)
            guard reason == EWOULDBLOCK else { throw .cannotOpen(path: path, reason: String(cString: strerror(reason))) }
            throw .held(path: path, pid: holder(of: path))
        }
        let pid = "\(getpid())\n"
        _ = ftruncate(descriptor, 0)
        _ = pid.withCString { pwrite(descriptor, $0, strlen($0), 0) }
        return ServiceLock(path: path, descriptor: descriptor)
    }

    /// Takes the lock, waiting up to `wait` (polling twice a second) for a holder to let go.
    /// - Parameter waiting: told once, when the lock is held and the wait begins.
    /// - Throws: ``ServiceLockError/held(path:pid:)`` when it is still held after `wait`.
    public static func acquire(forDatabase databasePath: String, waitingUpTo wait: Duration,
                               waiting: (ServiceLockError) -> Void = { _ in }) async throws(ServiceLockError) -> ServiceLock {
        let clock = ContinuousClock()
        let deadline = clock.now + wait
        var told = false
        while true {
            do {
                return try acquire(forDatabase: databasePath)
            } catch let error {
                guard case .held = error, clock.now < deadline else { throw error }
                if !told { waiting(error); told = true }
                try? await Task.sleep(for: .milliseconds(500))
            }
        }
    }

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = Mutex(descriptor)
    }

    /// Lets go of the lock (once; later calls do nothing). The file stays: removing it would
    /// race a new holder.
    public func release() {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            close(descriptor)
            descriptor = -1
        }
    }

    deinit { release() }

    /// The process id written by the lock's holder, if readable.
    static func holder(of path: String) -> Int? {
        (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}

/// Why the service lock could not be taken.
public enum ServiceLockError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another process (the running service, or a restore) holds it.
    case held(path: String, pid: Int?)
    case cannotOpen(path: String, reason: String)

    public var description: String {
        switch self {
        case let .held(path, pid):
            "Another Magical Stories service holds this database\(pid.map { " (process \($0))" } ?? "") — it holds \(path). "
                + "Stop it first (systemctl stop magical-stories) to restore or migrate; "
                + "use PostgreSQL to run several (DATABASE_URL, docs/postgresql.md)."
        case let .cannotOpen(path, reason): "Cannot open the lock file \(path): \(reason)."
        }
    }
}
