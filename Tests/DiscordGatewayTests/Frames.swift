import DiscordGateway
import Foundation

/// Server payloads, as Discord sends them.
enum Frames {
    static let sessionID = "9f1c2b7e4a5d6c3b2a190817f6e5d4c3"
    static let resumeURL = "wss://gateway-us-east1-b.discord.gg"

    static func hello(intervalMilliseconds: Int = 41_250) -> GatewayFrame {
        frame(#"{"op":10,"d":{"heartbeat_interval":\#(intervalMilliseconds)}}"#)
    }

    static let heartbeatRequest = frame(#"{"op":1,"d":null}"#)
    static let heartbeatAck = frame(#"{"op":11}"#)
    static let reconnect = frame(#"{"op":7,"d":null}"#)

    static func invalidSession(resumable: Bool) -> GatewayFrame {
        frame(#"{"op":9,"d":\#(resumable)}"#)
    }

    static func ready(sequence: Int = 1) -> GatewayFrame {
        frame(#"""
        {"op":0,"s":\#(sequence),"t":"READY","d":{"v":10,"user":{"id":"1100000000000000001","username":"demo-bot","bot":true},
        "guilds":[],"session_id":"\#(sessionID)","resume_gateway_url":"\#(resumeURL)","application":{"id":"1100000000000000001","flags":0}}}
        """#)
    }

    static func resumed(sequence: Int) -> GatewayFrame {
        frame(#"{"op":0,"s":\#(sequence),"t":"RESUMED","d":null}"#)
    }

    static func event(_ name: String = "MESSAGE_CREATE", sequence: Int) -> GatewayFrame {
        frame(#"{"op":0,"s":\#(sequence),"t":"\#(name)","d":{"n":\#(sequence)}}"#)
    }

    static func frame(_ json: String) -> GatewayFrame {
        // Test payloads are literals; a typo should fail loudly.
        try! GatewayFrame(json: Data(json.utf8))
    }
}
