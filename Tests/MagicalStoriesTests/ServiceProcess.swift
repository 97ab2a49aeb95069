import Foundation
import Synchronization

/// The `magical-stories` binary built beside the tests, run as a separate process on loopback:
/// what systemd or Docker runs. Standard error is kept in a file for the test to read.
final class ServiceProcess: Sendable {
    /// `.build/debug/magical-stories`.
    static var binary: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/magical-stories")
    }

    let directory: URL
    let environment: [String: String]
    let metricsPort: Int
    let httpPort: Int
    private let process: Process
    private let logFile: URL

    /// Starts `magical-stories <arguments>` with a temporary database and free loopback ports,
    /// `environment` over those.
    init(arguments: [String] = ["serve"], directory: URL? = nil, environment extra: [String: String] = [:]) throws {
        let directory = directory ?? FileManager.default.temporaryDirectory.appendingPathComponent("ms-proc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.directory = directory
        metricsPort = try LoopbackPort.free()
        httpPort = try LoopbackPort.free()
        var environment = ["DATABASE_PATH": directory.appendingPathComponent("stories.sqlite").path,
                           "HTTP_PORT": "\(httpPort)", "METRICS_PORT": "\(metricsPort)", "LOG_LEVEL": "info",
                           "PATH": "/usr/bin:/bin"]
        environment.merge(extra) { $1 }
        self.environment = environment
        logFile = directory.appendingPathComponent("stderr-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: logFile)
        self.process = process
        try process.run()
    }

    var isRunning: Bool { process.isRunning }
    var processID: Int32 { process.processIdentifier }

    /// Everything the service wrote to standard error so far.
    var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// Waits until `GET /health` on the operations listener answers 200 (up to 60 s).
    func waitUntilHealthy() async throws {
        let url = URL(string: "http://127.0.0.1:\(metricsPort)/health")!
        try await Eventually.check("the service answers /health", timeout: .seconds(60)) {
            guard process.isRunning else { throw ServiceProcessError.exited(log) }
            return (try? await HTTPGet.send("GET", url, timeout: 2).0) == 200
        }
    }

    /// `GET path` on the operations listener.
    func operations(_ path: String) async throws -> (Int, String) {
        let (status, body, _) = try await HTTPGet.fetch(URL(string: "http://127.0.0.1:\(metricsPort)\(path)")!)
        return (status, String(decoding: body, as: UTF8.self))
    }

    /// Sends SIGTERM and waits (up to `limit`) for the process to exit; returns how long it took,
    /// or nil when it was still running at the limit (it is then killed).
    func terminate(within limit: Duration) async -> Duration? {
        let started = ContinuousClock.now
        kill(process.processIdentifier, SIGTERM)
        while process.isRunning {
            if ContinuousClock.now - started > limit {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return nil
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return ContinuousClock.now - started
    }

    var terminationStatus: Int32 { process.terminationStatus }

    /// Kills the process if it still runs and removes its files.
    func cleanUp(keepFiles: Bool = false) {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        if !keepFiles { try? FileManager.default.removeItem(at: directory) }
    }
}

enum ServiceProcessError: Error, CustomStringConvertible {
    case exited(String)

    var description: String {
        switch self {
        case let .exited(log): "the service exited early; its log:\n\(log)"
        }
    }
}

/// Polls a condition with a generous deadline.
enum Eventually {
    /// Retries `condition` (errors other than ``ServiceProcessError`` count as not yet) until it
    /// holds; records an issue and throws when `timeout` passes first.
    static func check(_ what: String, timeout: Duration = .seconds(30), every pause: Duration = .milliseconds(100),
                      _ condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            do {
                if try await condition() { return }
            } catch let error as ServiceProcessError {
                throw error
            } catch {}
            try await Task.sleep(for: pause)
        }
        throw EventuallyTimeout(what: what)
    }
}

struct EventuallyTimeout: Error, CustomStringConvertible {
    let what: String
    var description: String { "timed out waiting until \(what)" }
}

/// Loopback sockets for tests.
enum LoopbackPort {
    /// Ports ``free()`` handed out in this process: never handed out twice.
    private static let handedOut = Mutex<Set<Int>>([])

    /// A loopback port nothing listens on, for a service process or a refused connection.
    ///
    /// Chosen below the kernel's ephemeral range (32768 and up on Linux), not by binding port 0:
    /// with tests in parallel, a port the kernel had just handed out and taken back was handed
    /// to another test's listener on port 0 before the service process could bind it
    /// ("Address already in use", seen in a parallel run). Listeners on port 0 never get these.
    static func free() throws -> Int {
        for _ in 0 ..< 500 {
            let port = Int.random(in: 20_000 ..< 32_000)
            guard handedOut.withLock({ $0.insert(port).inserted }) else { continue }
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { _ = Glibc.close(fd) }
            var address = loopback(port: UInt16(port))
            let length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
            if bound == 0 { return port }
        }
        throw POSIXError(.EADDRINUSE)
    }

    static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        return address
    }
}

/// A loopback address that accepts TCP connections (the kernel completes the handshake) and
/// never answers anything: a Discord that has gone silent, as behind a broken route or firewall.
final class Blackhole: Sendable {
    let port: Int
    private let fd: Int32

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = LoopbackPort.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        guard bound == 0, listen(fd, 512) == 0 else {
            _ = Glibc.close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        port = Int(UInt16(bigEndian: address.sin_port))
        self.fd = fd
    }

    /// `http://127.0.0.1:PORT`.
    var url: String { "http://127.0.0.1:\(port)" }

    /// Connections the kernel completed that wait, never accepted, in the listen queue (Linux
    /// reports a listening socket's queue length as `tcpi_unacked`): "a client is stuck here".
    var waitingConnections: Int {
        var info = tcp_info()
        var length = socklen_t(MemoryLayout<tcp_info>.size)
        guard getsockopt(fd, Int32(IPPROTO_TCP), TCP_INFO, &info, &length) == 0 else { return 0 }
        return Int(info.tcpi_unacked)
    }

    func close() { _ = Glibc.close(fd) }
}

extension ServiceProcess {
    /// Runs a short command to its end: its exit status and what it printed (both streams).
    /// Waits on a thread of its own, never on one of the few threads every test shares.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                    directory: URL? = nil) async throws -> (status: Int32, output: String) {
        try await OwnThread.run {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.environment = environment
            if let directory { process.currentDirectoryURL = directory }
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: output, as: UTF8.self))
        }
    }
}
