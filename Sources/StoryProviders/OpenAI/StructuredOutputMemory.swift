import Synchronization

/// Whether one writer still asks for `json_schema`: once the server has refused it, every later
/// story on that writer goes straight to JSON mode instead of paying for a refused call.
final class StructuredOutputMemory: Sendable {
    private let jsonModeOnly: Atomic<Bool>

    init(_ mode: OpenAIConfiguration.StructuredOutput) {
        jsonModeOnly = Atomic(mode == .jsonMode)
    }

    var usesJSONSchema: Bool { !jsonModeOnly.load(ordering: .relaxed) }

    func fallBackToJSONMode() { jsonModeOnly.store(true, ordering: .relaxed) }
}
