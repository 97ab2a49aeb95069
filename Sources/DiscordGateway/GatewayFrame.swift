import DiscordModels
import Foundation

/// One decoded server payload: its envelope plus the raw JSON it came from.
public struct GatewayFrame: Sendable, Equatable {
    /// `op`, `s` and `t`.
    public var envelope: GatewayEnvelope
    /// The whole payload as received.
    public var json: Data

    public init(envelope: GatewayEnvelope, json: Data) {
        self.envelope = envelope
        self.json = json
    }

    /// Decodes the envelope of a JSON payload.
    public init(json: Data) throws {
        self.init(envelope: try DiscordJSON.decoder().decode(GatewayEnvelope.self, from: json), json: json)
    }

    /// The payload's `d` as `D`, or nil when it has another shape.
    func data<D: Decodable & Sendable>(as type: D.Type) -> D? {
        try? DiscordJSON.decoder().decode(GatewayData<D>.self, from: json).d
    }
}
