import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

extension OpenAIFake {
    /// One answer of the fake: a status, extra headers and a JSON body.
    struct Reply: Sendable {
        var status: Int
        var headers: [(String, String)] = []
        var body: JSON

        static func ok(_ body: JSON) -> Reply { Reply(status: 200, body: body) }

        /// OpenAI's error shape, which Ollama's `/v1` layer also uses.
        static func error(_ status: Int, _ message: String, type: String = "invalid_request_error",
                          code: String? = nil, param: String? = nil, headers: [(String, String)] = []) -> Reply {
            Reply(status: status, headers: headers, body: [
                "error": ["message": .string(message), "type": .string(type),
                          "param": param.map(JSON.string) ?? .null, "code": code.map(JSON.string) ?? .null],
            ])
        }

        /// Ollama's native shape: `{"error": "…"}`.
        static func ollamaError(_ status: Int, _ message: String) -> Reply {
            Reply(status: status, body: ["error": .string(message)])
        }

        /// The HTTP failure an injected fault stands for, if it is one.
        static func failure(for fault: Fault?, flavor: Flavor) -> Reply? {
            switch fault {
            case let .rateLimited(retryAfter):
                return .error(429, "Rate limit reached for requests. Please try again later.", type: "requests",
                              code: "rate_limit_exceeded", headers: retryAfter.map { [("retry-after", $0)] } ?? [])
            case let .rateLimitedMilliseconds(milliseconds):
                return .error(429, "Rate limit reached for tokens.", type: "tokens", code: "rate_limit_exceeded",
                              headers: [("retry-after-ms", milliseconds)])
            case .insufficientQuota:
                return .error(429, "You exceeded your current quota, please check your plan and billing details.",
                              type: "insufficient_quota", code: "insufficient_quota")
            case .unavailable:
                return .error(503, "The server is overloaded or not ready yet.", type: "server_error")
            case .unavailableDoNotRetry:
                return .error(503, "The engine is currently unavailable.", type: "server_error",
                              headers: [("x-should-retry", "false")])
            case .internalError:
                return flavor == .ollama
                    ? .ollamaError(500, "llama runner process has terminated: exit status 2")
                    : .error(500, "The server had an error while processing your request.", type: "server_error")
            case .moderationBlocked:
                return .error(400, "Your request was rejected as a result of our safety system.",
                              type: "image_generation_user_error", code: "moderation_blocked")
            default:
                return nil
            }
        }

        var response: Response {
            var fields = HTTPFields()
            fields[.contentType] = "application/json"
            for (name, value) in headers {
                if let field = HTTPField.Name(name) { fields[field] = value }
            }
            let data = (try? JSONEncoder().encode(body)) ?? Data("{}".utf8)
            return Response(status: .init(code: status), headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
    }
}
