import DiscordAdapter
import DiscordModels
import Testing

@Suite("Interaction deduplicator")
struct InteractionDeduplicatorTests {
    @Test("an id is new once; the oldest ids are forgotten past the capacity")
    func sightings() {
        let deduplicator = InteractionDeduplicator(capacity: 2)
        #expect(deduplicator.firstSighting(of: 1))
        #expect(!deduplicator.firstSighting(of: 1))
        #expect(deduplicator.firstSighting(of: 2))
        #expect(deduplicator.firstSighting(of: 3), "id 1 makes way")
        #expect(!deduplicator.firstSighting(of: 2) && !deduplicator.firstSighting(of: 3))
        #expect(deduplicator.firstSighting(of: 1), "forgotten, so seen as new")
    }
}
