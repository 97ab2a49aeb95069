import DiscordSimulator

/// Runs `body` against a started simulator and a REST client pointed at it, and stops the
/// simulator afterwards, also when `body` throws.
func withRESTSimulator(_ body: (DiscordSimulator, RESTTestClient) async throws -> Void) async throws {
    let simulator = DiscordSimulator(configuration: .init(callbackDeadline: .seconds(120)))
    try await simulator.start()
    do {
        try await body(simulator, RESTTestClient(baseURL: simulator.apiURL))
    } catch {
        await simulator.stop()
        throw error
    }
    await simulator.stop()
}
