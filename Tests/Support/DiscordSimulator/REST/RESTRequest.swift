import DiscordModels
import NIOCore

/// What an endpoint needs from a request: path parameters, query, and the collected body.
struct RESTRequest: Sendable {
    let parameters: [String: String]
    let query: [String: String]
    let contentType: String?
    let body: ByteBuffer
    /// When the request's head arrived, before its body was read.
    var arrivedAt: ContinuousClock.Instant? = nil

    func parameter(_ name: String) throws(DiscordAPIError) -> String {
        guard let value = parameters[name] else { throw .notFound }
        return value
    }

    /// A snowflake path parameter; 404 when it is not one.
    func snowflake(_ name: String) throws(DiscordAPIError) -> Snowflake {
        guard let value = Snowflake(try parameter(name)) else { throw .notFound }
        return value
    }

    /// A snowflake path parameter the route may not have.
    func optionalSnowflake(_ name: String) throws(DiscordAPIError) -> Snowflake? {
        parameters[name] == nil ? nil : try snowflake(name)
    }

    func decode<Payload: Decodable & Sendable>(_: Payload.Type) throws(DiscordAPIError) -> RequestBody<Payload> {
        try RequestBody(contentType: contentType, body: body)
    }
}
