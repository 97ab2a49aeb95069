/// The order of the load benchmark's burst rounds: the service and the reference bot take turns,
/// the service first, so drift in a shared machine's load falls on both alike.
public struct BurstSchedule<Contender: CaseIterable & Sendable>: Sendable where Contender.AllCases: Sendable {
    public let rounds: Int
    public let withReference: Bool

    public init(rounds: Int, withReference: Bool) {
        self.rounds = max(1, rounds)
        self.withReference = withReference
    }

    /// Every round's contender, in order: A B A B … (A alone without the reference).
    public var order: [Contender] {
        let all = Array(Contender.allCases)
        let taking = withReference ? all : Array(all.prefix(1))
        return (0..<rounds).flatMap { _ in taking }
    }
}
