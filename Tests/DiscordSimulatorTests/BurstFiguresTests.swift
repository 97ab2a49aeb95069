import DiscordSimulator
import Testing

@Suite("The load benchmark's burst figures")
struct BurstFiguresTests {
    private enum Bot: CaseIterable { case service, reference }

    @Test("the service and the reference take turns, service first; without the reference the service runs alone")
    func alternatingRounds() {
        #expect(BurstSchedule<Bot>(rounds: 3, withReference: true).order == [.service, .reference, .service, .reference, .service, .reference])
        #expect(BurstSchedule<Bot>(rounds: 2, withReference: false).order == [.service, .service])
        #expect(BurstSchedule<Bot>(rounds: 0, withReference: true).order == [.service, .reference])
    }

    @Test("rounds are pooled before percentiles are taken; per-round figures are shown as their range")
    func pooling() {
        var pooled = BurstFigures()
        pooled.add(BurstFigures(storyAcks: (1...50).map { .milliseconds($0) }, unanswered: 1, peakPrivateMiB: [18.5]))
        pooled.add(BurstFigures(storyAcks: (51...100).map { .milliseconds($0) }, late: 2, peakPrivateMiB: [19.25]))
        #expect(BurstFigures.percentile(0.5, of: pooled.storyAcks) == .milliseconds(50))
        #expect(BurstFigures.percentile(0.99, of: pooled.storyAcks) == .milliseconds(99))
        #expect(BurstFigures.percentile(0.5, of: []) == nil)
        #expect(pooled.unanswered == 1 && pooled.late == 2)
        #expect(BurstFigures.range(pooled.peakPrivateMiB) == "18.5–19.2" || BurstFigures.range(pooled.peakPrivateMiB) == "18.5–19.3")
        #expect(BurstFigures.range([2, 2]) == "2.0")
        #expect(pooled.report(title: "bot").contains("story acknowledgement p50 / p99:  50.00 / 99.00 ms"))
        #expect(BurstFigures.p50p99([]) == "no samples")
    }
}
