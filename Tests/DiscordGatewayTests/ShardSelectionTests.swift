import DiscordGateway
import Testing

@Suite("Shard plans")
struct ShardSelectionTests {
    @Test func byDefaultEveryRecommendedShardRunsHere() throws {
        #expect(try ShardSelection.all.plan(recommendedCount: 3) == [0, 1, 2].map { ShardID(id: $0, count: 3) })
        #expect(try ShardSelection.all.plan(recommendedCount: 0) == [.single], "a count below 1 is read as 1")
    }

    @Test func aConfiguredCountWinsOverTheRecommendation() throws {
        let selection = try ShardSelection(count: 8, ids: [4, 5])
        #expect(try selection.plan(recommendedCount: 2) == [ShardID(id: 4, count: 8), ShardID(id: 5, count: 8)])
    }

    @Test func idsAreCheckedAgainstTheRecommendedCountWhenNoCountIsConfigured() throws {
        let selection = try ShardSelection(ids: [2, 3])
        #expect(try selection.plan(recommendedCount: 4).map(\.id) == [2, 3])
        #expect(throws: ShardSelectionError.outOfRange(3, count: 3)) { try selection.plan(recommendedCount: 3) }
    }

    @Test func idsBeyondAConfiguredCountAreRefusedAtOnce() {
        #expect(throws: ShardSelectionError.outOfRange(4, count: 4)) { try ShardSelection(count: 4, ids: [2, 4]) }
        #expect(throws: ShardSelectionError.countTooSmall(0)) { try ShardSelection(count: 0) }
    }

    @Test(arguments: [
        ("", ShardSelectionError.empty), (" , ", .empty), ("3-1", .reversedRange(part: "3-1")), ("1,1", .duplicate(1)),
        ("0-3,2", .duplicate(2)), ("x", .malformed(part: "x")), ("1-", .malformed(part: "1-")), ("-2", .malformed(part: "-2")),
        ("1-2-3", .malformed(part: "1-2-3")), ("0-100000", .malformed(part: "0-100000")),
    ])
    func badListsAreRefusedSayingWhy(text: String, error: ShardSelectionError) {
        #expect(throws: error) { try ShardSelection.parseIDs(text) }
        #expect(!error.description.isEmpty)
    }

    @Test func guildsAndBuckets() {
        // Discord's example: (guild_id >> 22) % num_shards.
        let guild: UInt64 = 197_038_439_483_310_086
        #expect(ShardID.of(guildID: guild, count: 5) == Int((guild >> 22) % 5))
        #expect(ShardID(id: 5, count: 8).bucket(maxConcurrency: 4) == 1)
        #expect(ShardID(id: 5, count: 8).bucket(maxConcurrency: 1) == 0)
        #expect(ShardID(id: 3, count: 4).payload == [3, 4])
    }
}
