import DiscordGateway
import DiscordModels
import Testing

@Suite("Secrets stay out of logs")
struct ConfigurationTests {
    static let token = "MTEx.very-secret.token"

    @Test func configurationNeverShowsTheToken() {
        let configuration = GatewayConfiguration(token: Self.token, intents: 513) {
            GatewayBot(url: "ws://127.0.0.1:1", shards: 1, sessionStartLimit: .init(total: 1, remaining: 1, resetAfter: 0, maxConcurrency: 1))
        }
        var dumped = ""
        dump(configuration, to: &dumped)
        for text in [configuration.description, "\(configuration)", String(reflecting: configuration), dumped] {
            #expect(!text.contains(Self.token))
        }
        #expect(configuration.description.contains("513"))
        #expect(configuration.intents == 513 && configuration.compress && configuration.maxFrameSize == 16 * 1024 * 1024)
    }

    @Test func stateMachineNeverShowsTheToken() {
        let machine = GatewayStateMachine(token: Self.token, intents: 1)
        var dumped = ""
        dump(machine, to: &dumped)
        for text in ["\(machine)", String(reflecting: machine), dumped] {
            #expect(!text.contains(Self.token))
        }
    }
}
