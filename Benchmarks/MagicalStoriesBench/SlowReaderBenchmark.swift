import Foundation
import HTTPTypes
import Logging
import MagicalStories
import NIOWebSocket
import ServiceLifecycle
import StoryDomain
import Synchronization
import WebChat
import WSClient
#if canImport(Glibc)
import Glibc
#endif

/// `magical-stories-bench --slow-readers [stuck] [messages]`: the delay other members see while
/// members who never read sit in the room. Starts the real service on loopback; Anna says
/// `messages` messages of 2.4 KB one after another and Ben's browser times each (Anna's send →
/// Ben's receipt): first with nobody stuck, then with `stuck` members whose sockets completed
/// the handshake and are never read (tiny receive buffers), until and after the server drops
/// them. Also prints how long the server took to drop them after they joined.
enum SlowReaderBenchmark {
    static func run(stuck: Int, messages: Int, logger: Logger) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-slow-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var config = AppConfig()
        config.httpPort = 0
        config.operations.metricsPort = 0
        config.databasePath = directory.appendingPathComponent("service.sqlite").path
        config.webAccess.allowedOrigins = ["ws://127.0.0.1"]
        // The sender is not the subject: let it talk as fast as it can.
        config.webChatLimits.messageBurst = 1_000_000
        config.webChatLimits.messagesPerMinute = 60_000
        let app = try MagicalStoriesApp(config: config, logger: logger)
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let group = app.serviceGroup(onWebChatRunning: { portContinuation.yield($0) }, announce: { _ in })
        let service = Task { try await group.run() }
        var portIterator = ports.makeAsyncIterator()
        guard let port = await portIterator.next() else { fatalError("service did not start") }

        let room = try await app.rooms.createRoom(named: "bench")
        @Sendable func cookie(_ name: String) async throws -> String {
            let invite = try await app.rooms.invite(to: room.key, role: .grownUp, by: "bench")
            return "ms_session=" + (try await app.rooms.join(invite: invite.code.rawValue, name: name)).session.rawValue
        }
        let anna = try await cookie("Anna")
        let ben = try await cookie("Ben")
        let line = String(repeating: "🌙 good night ", count: 150)

        // Ben's browser: reports each of Anna's messages (by its number) as it arrives.
        let (arrivals, arrived) = AsyncStream.makeStream(of: Int.self)
        let reader = Task {
            var configuration = WebSocketClientConfiguration()
            configuration.maxFrameSize = 1 << 22
            configuration.additionalHeaders = [.cookie: ben]
            try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/ws", configuration: configuration, logger: logger) { inbound, _, _ in
                for try await frame in inbound.messages(maxSize: 1 << 22) {
                    guard case let .text(text) = frame, let start = text.range(of: #""text":""#) else { continue }
                    let digits = text[start.upperBound...].prefix { $0.isNumber }
                    if let number = Int(digits) { arrived.yield(number) }
                }
            }
        }
        var configuration = WebSocketClientConfiguration()
        configuration.additionalHeaders = [.cookie: anna]
        let held = Mutex<[Int32]>([])
        let droppedAfter = Mutex<Duration?>(nil)
        configuration.maxFrameSize = 1 << 22
        try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/ws", configuration: configuration, logger: logger) { inbound, outbound, _ in
            // Anna's browser reads what it is sent too (otherwise she would be the slow reader).
            let drain = Task { for try await _ in inbound.messages(maxSize: 1 << 22) {} }
            defer { drain.cancel() }
            while await app.hub.memberCount(room: room.key) < 2 { try await Task.sleep(for: .milliseconds(10)) }
            var arrivalIterator = arrivals.makeAsyncIterator()
            var number = 0
            var stuckSince: ContinuousClock.Instant?
            func say(_ count: Int) async throws -> [Duration] {
                var delays: [Duration] = []
                for _ in 0..<count {
                    number += 1
                    let sent = ContinuousClock.now
                    try await outbound.write(.text(#"{"type":"say","text":"\#(number) \#(line)"}"#))
                    while let arrivedNumber = await arrivalIterator.next(), arrivedNumber != number {}
                    delays.append(.now - sent)
                    if let joined = stuckSince, droppedAfter.withLock({ $0 == nil }), await app.hub.memberCount(room: room.key) == 2 {
                        droppedAfter.withLock { $0 = .now - joined }
                    }
                }
                return delays
            }
            let baseline = try await say(messages / 2)
            for index in 0..<stuck {
                let fd = try await stuckReader(port: port, cookie: try await cookie("Stuck \(index)"))
                held.withLock { $0.append(fd) }
            }
            while await app.hub.memberCount(room: room.key) < 2 + stuck { try await Task.sleep(for: .milliseconds(10)) }
            stuckSince = .now
            let withStuck = try await say(messages)
            print(BenchmarkStats.header)
            print(BenchmarkStats(name: "message delay, nobody stuck", durations: baseline).line)
            print(BenchmarkStats(name: "message delay, \(stuck) members never reading", durations: withStuck).line)
            try await outbound.close(.normalClosure, reason: nil)
        }
        print("members never reading dropped after: \(droppedAfter.withLock { $0 }.map { "\($0)" } ?? "not within the run")")
        for fd in held.withLock({ $0 }) { close(fd) }
        reader.cancel()
        await group.triggerGracefulShutdown()
        _ = await service.result
    }

    /// A member's WebSocket that completes its handshake and is never read again.
    static func stuckReader(port: Int, cookie: String) async throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var size: Int32 = 2_048
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { fatalError("connect failed") }
        let request = ["GET /ws HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: Upgrade", "Upgrade: websocket",
                       "Sec-WebSocket-Version: 13", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Cookie: \(cookie)", "", ""]
            .joined(separator: "\r\n")
        _ = request.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var received = [UInt8]()
        var byte: UInt8 = 0
        while !String(decoding: received, as: UTF8.self).hasSuffix("\r\n\r\n"), recv(fd, &byte, 1, 0) == 1 { received.append(byte) }
        guard String(decoding: received, as: UTF8.self).hasPrefix("HTTP/1.1 101") else { fatalError("upgrade refused") }
        return fd
    }
}
