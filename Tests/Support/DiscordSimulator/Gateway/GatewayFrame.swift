import DiscordModels
import Foundation

/// Builds the JSON text of server-to-client gateway payloads.
enum GatewayFrame {
    /// `{"op":0,"s":…,"t":…,"d":…}` with `data` already encoded as JSON.
    static func dispatch(event: String, sequence: Int, data: String) -> String {
        #"{"op":0,"s":\#(sequence),"t":\#(quoted(event)),"d":\#(data)}"#
    }

    /// A non-dispatch payload: `s` and `t` are null.
    static func command(_ opcode: GatewayOpcode, data: String = "null") -> String {
        #"{"op":\#(opcode.rawValue),"s":null,"t":null,"d":\#(data)}"#
    }

    static func hello(interval: Duration) -> String {
        command(.hello, data: encode(Hello(heartbeatInterval: Int(interval.seconds * 1000))))
    }

    /// Encodes `value` as Discord JSON text.
    static func encode(_ value: some Encodable) -> String {
        do {
            return String(decoding: try DiscordJSON.encoder().encode(value), as: UTF8.self)
        } catch {
            preconditionFailure("gateway payload does not encode: \(error)")
        }
    }

    private static func quoted(_ text: String) -> String { encode(text) }
}
