import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A request written byte for byte on a loopback socket, as a browser would send it (one
/// `Origin`, the headers a test chooses): returns the status line and headers of the answer.
/// The blocking socket calls run on a thread of their own (``OwnThread``).
enum RawHTTP {
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    static func head(port: Int, _ request: String) async throws -> (status: Int, headers: String) {
        try await OwnThread.run { try blockingHead(port: port, request) }
    }

    private static func blockingHead(port: Int, _ request: String) throws -> (status: Int, headers: String) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failed(description: "socket") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failed(description: "connect") }
        let bytes = Array(request.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        guard send(fd, bytes, bytes.count, 0) == bytes.count else { throw Failed(description: "send") }
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: received, as: UTF8.self).contains("\r\n\r\n") {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        guard let line = text.split(separator: "\r\n").first, let status = Int(line.split(separator: " ").dropFirst().first ?? "") else {
            throw Failed(description: "no status line in “\(text.prefix(80))”")
        }
        return (status, text)
    }

    /// A WebSocket upgrade of `/ws` with these extra header lines.
    static func upgrade(port: Int, headers: [String]) async throws -> Int {
        let lines = ["GET /ws HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: Upgrade", "Upgrade: websocket",
                     "Sec-WebSocket-Version: 13", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=="] + headers
        return try await head(port: port, lines.joined(separator: "\n") + "\n\n").status
    }
}
