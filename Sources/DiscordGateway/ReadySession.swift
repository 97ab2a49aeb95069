/// The session fields of READY. Decoded on their own so a READY whose other fields change shape
/// still yields a resumable session.
struct ReadySession: Decodable, Sendable {
    var sessionID: String
    var resumeGatewayURL: String

    enum CodingKeys: String, CodingKey {
        case sessionID = "session_id"
        case resumeGatewayURL = "resume_gateway_url"
    }
}
