import Foundation
import HTTPTypes
import Hummingbird

extension OpenAIFake {
    /// Runs one request: records it, counts it as in flight, applies latency, checks the key
    /// (OpenAI flavor) and the next injected fault, then lets the kind's responder answer.
    struct Handler: Sendable {
        let flavor: Flavor
        let apiKey: String
        let slowDelay: Duration
        let state: State

        func handle(_ kind: Kind, _ request: Request) async -> Response {
            var request = request
            let buffer = try? await request.collectBody(upTo: 4 << 20)
            let json = buffer.flatMap { try? JSONDecoder().decode(JSON.self, from: Data($0.readableBytesView)) }
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            state.record(RecordedRequest(kind: kind, uri: request.uri.string, headers: headers, json: json))

            let serial = state.begin(kind: kind)
            defer { state.end(kind: kind) }
            if let latency = state.latency(kind: kind) { await state.pause(latency) }
            if flavor == .openAI, let refusal = authorizationProblem(headers["authorization"]) {
                return refusal.response
            }
            let fault = state.nextFault(kind: kind)
            if fault == .tooSlow { await state.pause(slowDelay) }
            let reply = switch kind {
            case .chat: ChatResponder(flavor: flavor).reply(to: json, fault: fault, serial: serial)
            case .image: ImageResponder(flavor: flavor).reply(to: json, fault: fault)
            }
            return reply.response
        }

        /// OpenAI's 401s; the wrong key is echoed in full (OpenAI masks it) so tests can check
        /// that the provider redacts it.
        private func authorizationProblem(_ header: String?) -> Reply? {
            guard let header, header.hasPrefix("Bearer ") else {
                return .error(401, "You didn't provide an API key. You need to provide your API key in an Authorization "
                    + "header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).")
            }
            let key = String(header.dropFirst("Bearer ".count))
            guard key == apiKey else {
                return .error(401, "Incorrect API key provided: \(key). You can find your API key at "
                    + "https://platform.openai.com/account/api-keys.", code: "invalid_api_key")
            }
            return nil
        }
    }
}
