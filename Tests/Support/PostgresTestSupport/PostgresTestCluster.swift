import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A private PostgreSQL server for tests: `initdb` in a temporary folder, started with
/// `pg_ctl` on a free loopback port, password authentication over TCP, one fresh database per
/// test (``makeDatabase()``). Started once per test process, on first use, and stopped by a
/// small watchdog when the test process ends, however it ends (the folder is removed too).
///
/// Finds the server binaries under `/usr/lib/postgresql/*/bin` (Debian's `postgresql` package,
/// installed by `scripts/setup.sh`); when they are missing, every PostgreSQL test fails and says
/// so: none is skipped. As root (CI), the server runs as the unprivileged `postgres` user that
/// Debian's package creates, since `initdb` refuses root.
public actor PostgresTestCluster {
    /// The cluster of this test process.
    public static let shared = PostgresTestCluster()

    /// The cluster's user and password: the password needs percent-encoding in a URL, so every
    /// test also checks the URL parser's decoding against a real server.
    public static let user = "magical"
    public static let password = "p@ss:w/rd %1"

    /// The one start, shared by every test that asks while it runs (the actor is reentrant
    /// across its awaits: without it, tests starting together would each start a server).
    private var starting: Task<Started, any Error>?
    private var databases = 0

    private struct Started: Sendable {
        let port: Int
        let folder: URL
        let bin: URL
    }

    private init() {}

    /// A new, empty database on the cluster (starting the cluster first if needed), as a URL
    /// with the password percent-encoded, e.g. `postgres://magical:p%40ss…@127.0.0.1:PORT/test_3?sslmode=disable`.
    public func makeDatabase() async throws -> String {
        let cluster = try await start()
        databases += 1
        let name = "test_\(databases)"
        try await Self.run(cluster.bin.appendingPathComponent("createdb"),
                           ["-h", "127.0.0.1", "-p", "\(cluster.port)", "-U", Self.user, name],
                           environment: ["PGPASSWORD": Self.password])
        return url(port: cluster.port, database: name)
    }

    /// `url` (one of ``makeDatabase()``'s) reached through the cluster's Unix socket instead of
    /// TCP: `postgres://magical:…@/test_3?host=FOLDER&port=PORT`.
    public func socketURL(of url: String) async throws -> String {
        let cluster = try await start()
        guard let tail = url.split(separator: "@").last, let path = tail.split(separator: "/").last else { return url }
        let database = path.split(separator: "?").first ?? path
        let password = Self.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return "postgres://\(Self.user):\(password)@/\(database)?host=\(cluster.folder.path)&port=\(cluster.port)"
    }

    /// The URL of `database` on this cluster's `port`.
    public nonisolated func url(port: Int, database: String) -> String {
        let password = Self.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return "postgres://\(Self.user):\(password)@127.0.0.1:\(port)/\(database)?sslmode=disable"
    }

    /// Runs `sql` with `psql` on the database at `url` (one of ``makeDatabase()``'s) and returns
    /// its rows, each a list of column values as text (NULL as an empty string). For tests that
    /// look at what service processes stored, without a client library of their own.
    public func query(_ sql: String, in url: String) async throws -> [[String]] {
        let cluster = try await start()
        let output = try await Self.output(cluster.bin.appendingPathComponent("psql"),
                                           ["--no-psqlrc", "-X", "-q", "-A", "-t", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-c", sql, url])
        return output.split(separator: "\n", omittingEmptySubsequences: true).map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// The port the cluster listens on (starting it if needed).
    public func port() async throws -> Int { try await start().port }

    private func start() async throws -> Started {
        if let starting { return try await starting.value }
        let task = Task { try await Self.startServer() }
        starting = task
        return try await task.value
    }

    private static func startServer() async throws -> Started {
        let bin = try Self.binaries()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ms-pg-\(UUID().uuidString.prefix(8))")
        let data = folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let passwordFile = folder.appendingPathComponent("password")
        try Data(Self.password.utf8).write(to: passwordFile)
        let asRoot = getuid() == 0
        if asRoot { try await Self.run(URL(fileURLWithPath: "/bin/chown"), ["-R", "postgres:postgres", folder.path]) }
        let port = try Self.freePort()
        try await Self.run(bin.appendingPathComponent("initdb"),
                           ["-D", data.path, "-U", Self.user, "--pwfile=\(passwordFile.path)", "--auth-local=trust",
                            "--auth-host=scram-sha-256", "-E", "UTF8", "--no-locale", "--no-sync"], asPostgres: asRoot)
        try Self.watch(folder: folder, data: data, bin: bin, asRoot: asRoot)
        let options = "-p \(port) -k \(folder.path) -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off "
            + "-c full_page_writes=off -c max_connections=200"
        try await Self.run(bin.appendingPathComponent("pg_ctl"),
                           ["-D", data.path, "-o", options, "-l", folder.appendingPathComponent("server.log").path, "-w", "-t", "60", "start"],
                           asPostgres: asRoot)
        return Started(port: port, folder: folder, bin: bin)
    }

    /// The newest PostgreSQL's `bin` folder.
    static func binaries() throws -> URL {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
            .compactMap { Int($0) }.sorted(by: >)
        for version in versions {
            let bin = URL(fileURLWithPath: "\(root)/\(version)/bin")
            if FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent("initdb").path) { return bin }
        }
        throw PostgresTestClusterError(
            "PostgreSQL's server is not installed (no initdb under \(root)/*/bin): run scripts/setup.sh, which installs "
                + "Debian's postgresql package. The PostgreSQL tests never skip, in CI or here.")
    }

    /// Stops the server and removes the folder once this process ends, however it ends: the
    /// watcher reads a pipe whose only writer is this process, and the kernel closes it when the
    /// process is gone. (It polled with `sleep 1` before: a fork and an exec every second beside
    /// every test run and benchmark.)
    private static func watch(folder: URL, data: URL, bin: URL, asRoot: Bool) throws {
        let stop = "\(asRoot ? "/usr/sbin/runuser -u postgres -- " : "")'\(bin.path)/pg_ctl' -D '\(data.path)' -m immediate stop"
        let script = "cat > /dev/null; \(stop) >/dev/null 2>&1; rm -rf '\(folder.path)'"
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw PostgresTestClusterError("cannot make a pipe for the cluster's watcher") }
        // The writing end stays open, unwritten, for this process's life, and no child inherits it.
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        defer { close(ends[0]) }
        // Not waited for: it ends with this process (and is then reaped by init).
        _ = try spawn(["/bin/sh", "-c", script], output: nil, input: ends[0])
    }

    /// A TCP port free on loopback just now, below the kernel's ephemeral range (32768 and up on
    /// Linux) and apart from the service tests' ports (20000–31999): `initdb` takes seconds
    /// before the server binds it, and with tests in parallel a port the kernel chose for port 0
    /// could meanwhile be given to another test's listener.
    static func freePort() throws -> Int {
        for _ in 0 ..< 200 {
            let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard socketFD >= 0 else { throw PostgresTestClusterError("no socket for a free port") }
            defer { close(socketFD) }
            let port = UInt16.random(in: 32_000 ..< 32_768)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, length) }
            }
            if bound == 0 { return Int(port) }
        }
        throw PostgresTestClusterError("cannot bind a loopback port")
    }

    /// Runs a program to its end; a non-zero exit throws with its output. It is waited for on a
    /// thread of its own: a blocking `waitpid` on the shared concurrency pool (two threads on a
    /// two-core machine) would stall every other test of the process while `initdb` runs.
    static func run(_ program: URL, _ arguments: [String], asPostgres: Bool = false,
                    environment: [String: String] = [:]) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread.detachNewThread {
                continuation.resume(with: Result { _ = try runToEnd(program, arguments, asPostgres: asPostgres, environment: environment) })
            }
        }
    }

    /// Runs a program to its end, like ``run(_:_:asPostgres:environment:)``, and returns what it printed.
    static func output(_ program: URL, _ arguments: [String]) async throws -> String {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String, any Error>) in
            Thread.detachNewThread {
                continuation.resume(with: Result { try runToEnd(program, arguments) })
            }
        }
    }

    @discardableResult
    private static func runToEnd(_ program: URL, _ arguments: [String], asPostgres: Bool = false,
                                 environment: [String: String] = [:]) throws -> String {
        let argv = asPostgres ? ["/usr/sbin/runuser", "-u", "postgres", "--", program.path] + arguments : [program.path] + arguments
        // Output goes to a file: a pipe would be held open by the server `pg_ctl` starts.
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("ms-pg-out-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let pid = try spawn(argv, output: outputPath, environment: environment)
        var exit: Int32 = 0
        while waitpid(pid, &exit, 0) == -1 && errno == EINTR {}
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        // A normal exit with status 0: the low 7 bits (signal) and the exit code both zero.
        guard exit == 0 else {
            throw PostgresTestClusterError("\(program.lastPathComponent) failed (status \(exit)): \(text)")
        }
        return text
    }

    /// Starts `argv` with standard input from /dev/null, output to `output` (or /dev/null), and
    /// every other descriptor of this process closed. Spawned here rather than with Foundation's
    /// Process: the server `pg_ctl` starts would inherit what the child inherits, and the test
    /// process's sockets (other tests' servers and clients) must not live on in it, nor would
    /// Process see its child end while the server holds the descriptors it watches.
    /// - Parameter input: the child's standard input (a descriptor of this process); /dev/null when nil.
    static func spawn(_ argv: [String], output: String?, input: Int32? = nil, environment: [String: String] = [:]) throws -> pid_t {
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input {
            posix_spawn_file_actions_adddup2(&actions, input, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // glibc ≥ 2.34 has it; Swift's Glibc module does not declare it.
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
            throw PostgresTestClusterError("this C library has no posix_spawn_file_actions_addclosefrom_np (glibc 2.34 or newer needed)")
        }
        _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
        var pid: pid_t = 0
        let status = withCStrings(argv) { cArgv in
            withCStrings(variables) { cEnv in posix_spawn(&pid, argv[0], &actions, nil, cArgv, cEnv) }
        }
        guard status == 0 else { throw PostgresTestClusterError("cannot start \(argv[0]): \(String(cString: strerror(status)))") }
        return pid
    }

    /// `strings` as a NULL-terminated C array for the duration of `body`.
    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

/// Why the test cluster could not start.
public struct PostgresTestClusterError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
