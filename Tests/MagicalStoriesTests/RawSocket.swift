import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback TCP connection a test drives byte by byte: half a header, a header that never
/// ends, a WebSocket that is never read. It can come from another loopback address
/// (`127.0.0.2`) to stand for another client, and ask for a tiny receive buffer.
final class RawSocket: @unchecked Sendable {
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    private let fd: Int32

    /// Connects to `127.0.0.1:port` from `source`.
    init(port: Int, from source: String = "127.0.0.1", receiveBuffer: Int? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failed(description: "socket") }
        if var size = receiveBuffer.map(Int32.init) {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { close(fd); throw Failed(description: "bind \(source)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(fd); throw Failed(description: "connect") }
    }

    deinit { close(fd) }

    /// Sends text as it is (no line-end translation).
    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failed(description: "send: \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    /// Reads until the peer closes the connection (or `timeout` passes: then throws). Returns
    /// everything read; a reset connection counts as closed. Reads block: on a thread of their own.
    func readUntilClosed(timeout: Duration = .seconds(30)) async throws -> Data {
        try await OwnThread.run { try self.blockingReadUntilClosed(timeout: timeout) }
    }

    private func blockingReadUntilClosed(timeout: Duration) throws -> Data {
        let deadline = ContinuousClock.now + timeout
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { throw Failed(description: "still open after \(timeout)") }
            var wait = timeval(tv_sec: Int(left.components.seconds), tv_usec: Int(left.components.attoseconds / 1_000_000_000_000) + 1)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
            let count = recv(fd, &buffer, buffer.count, 0)
            if count > 0 {
                received.append(contentsOf: buffer[0..<count])
            } else if count == 0 || errno == ECONNRESET {
                return received
            } else if errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR {
                throw Failed(description: "recv: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Reads an HTTP answer's head (status line and headers), on a thread of its own.
    func readHead(timeout: Duration = .seconds(30)) async throws -> (status: Int, head: String) {
        try await OwnThread.run { try self.blockingReadHead(timeout: timeout) }
    }

    private func blockingReadHead(timeout: Duration) throws -> (status: Int, head: String) {
        var wait = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var received = [UInt8]()
        var byte: UInt8 = 0
        while !received.ends(with: Array("\r\n\r\n".utf8)) {
            guard recv(fd, &byte, 1, 0) == 1 else { break }
            received.append(byte)
        }
        let text = String(decoding: received, as: UTF8.self)
        guard let line = text.split(separator: "\r\n").first, let status = Int(line.split(separator: " ").dropFirst().first ?? "") else {
            throw Failed(description: "no status line in “\(text.prefix(80))”")
        }
        return (status, text)
    }

    /// Reads one whole answer on a kept-alive connection (its head, then `Content-Length` bytes),
    /// so the next request's answer starts clean.
    func readAnswer(timeout: Duration = .seconds(30)) async throws -> (status: Int, body: String) {
        try await OwnThread.run { try self.blockingReadAnswer(timeout: timeout) }
    }

    private func blockingReadAnswer(timeout: Duration) throws -> (status: Int, body: String) {
        let (status, head) = try blockingReadHead(timeout: timeout)
        let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        var body = [UInt8](repeating: 0, count: length)
        var received = 0
        while received < length {
            let count = body[received...].withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw Failed(description: "the answer's body ended early") }
            received += count
        }
        return (status, String(decoding: body, as: UTF8.self))
    }

    /// One whole request on a fresh connection: its status and the body.
    static func request(port: Int, from source: String = "127.0.0.1", _ path: String) async throws -> (status: Int, body: String) {
        let socket = try RawSocket(port: port, from: source)
        try socket.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        let text = String(decoding: try await socket.readUntilClosed(), as: UTF8.self)
        guard let line = text.split(separator: "\r\n").first, let status = Int(line.split(separator: " ").dropFirst().first ?? "") else {
            throw Failed(description: "no status line in “\(text.prefix(80))”")
        }
        let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        return (status, body)
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
