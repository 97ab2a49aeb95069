import Foundation
import HummingbirdCore
import Logging
import NIOCore
import NIOSSL
import Synchronization

/// The web chat's own TLS: a certificate chain and private key read from PEM files, read again
/// by ``reload()`` (the service calls it on SIGHUP) without dropping open connections. A
/// reload that fails keeps the certificate in use.
public final class WebChatTLS: Sendable {
    public let certificateFile: String
    public let keyFile: String
    private let context: Mutex<NIOSSLContext>

    /// Reads the files; throws a clear error when they cannot be used.
    public init(certificateFile: String, keyFile: String) throws {
        self.certificateFile = certificateFile
        self.keyFile = keyFile
        context = Mutex(try Self.load(certificateFile: certificateFile, keyFile: keyFile))
    }

    /// Reads the files again; new connections use the new certificate.
    public func reload() throws {
        let fresh = try Self.load(certificateFile: certificateFile, keyFile: keyFile)
        context.withLock { $0 = fresh }
    }

    var current: NIOSSLContext { context.withLock { $0 } }

    static func load(certificateFile: String, keyFile: String) throws -> NIOSSLContext {
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
        do {
            chain = try NIOSSLCertificate.fromPEMFile(certificateFile)
        } catch {
            throw WebChatTLSError(file: certificateFile, problem: "is not a readable PEM certificate chain (\(error))")
        }
        guard !chain.isEmpty else { throw WebChatTLSError(file: certificateFile, problem: "holds no certificate") }
        do {
            key = try NIOSSLPrivateKey(file: keyFile, format: .pem)
        } catch {
            throw WebChatTLSError(file: keyFile, problem: "is not a readable, unencrypted PEM private key (\(error))")
        }
        var configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) },
                                                                     privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        do {
            return try NIOSSLContext(configuration: configuration)
        } catch {
            throw WebChatTLSError(file: keyFile, problem: "does not match the certificate in \(certificateFile) (\(error))")
        }
    }
}

/// A certificate or key the web chat cannot use, said so an admin can fix it.
public struct WebChatTLSError: Error, CustomStringConvertible {
    public let file: String
    public let problem: String
    public var description: String { "TLS: \(file) \(problem)." }
}

/// Wraps a server child channel in TLS with the certificate ``WebChatTLS`` holds when the
/// connection arrives (Hummingbird's `TLSChannel` fixes it at start).
struct ReloadableTLSChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value
    let base: Base
    let tls: WebChatTLS

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let context = tls.current
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension ReloadableTLSChannel: HTTPChannelHandler where Base: HTTPChannelHandler {
    var responder: HTTPChannelHandler.Responder { base.responder }
}
