import MagicalStories
import Operations
import Testing

/// Expects `AppConfig.load` to refuse `environment`, naming its (first) variable.
func expectConfigRefusedByName(_ environment: [String: String]) async throws {
    do {
        _ = try await AppConfig.load(file: nil, environment: environment)
        Issue.record("accepted \(environment)")
    } catch let error as AppConfigError {
        #expect(error.description.contains(try #require(environment.keys.first)))
    }
}
