import Foundation

/// Which shards this process runs: `DISCORD_SHARD_COUNT` and `DISCORD_SHARDS`, checked as far as
/// they can be before Discord is asked; ``plan(recommendedCount:)`` finishes the check once
/// `GET /gateway/bot` has named its recommended count.
public struct ShardSelection: Sendable, Equatable {
    /// The bot's total shard count; nil: the count Discord recommends.
    public var count: Int?
    /// The shard ids this process runs, ascending; nil: all of them.
    public var ids: [Int]?

    /// Checks `ids` against `count` when both are given.
    public init(count: Int? = nil, ids: [Int]? = nil) throws(ShardSelectionError) {
        if let count, count < 1 { throw .countTooSmall(count) }
        self.count = count
        self.ids = ids
        if let count, let ids { try Self.check(ids, count: count) }
    }

    /// One process running every shard Discord recommends (the default).
    public static let all = ShardSelection(checkedCount: nil, ids: nil)

    private init(checkedCount count: Int?, ids: [Int]?) {
        self.count = count
        self.ids = ids
    }

    /// Parses a `DISCORD_SHARDS` value: ids and ranges separated by commas, e.g. `0-3`, `4,5`, `0-1,6`.
    /// - Returns: The ids, ascending.
    /// - Throws: For an empty list, something that is not a whole number, a reversed range, or an
    ///   id given twice.
    public static func parseIDs(_ text: String) throws(ShardSelectionError) -> [Int] {
        var ids: [Int] = []
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.contains(where: { !$0.isEmpty }) else { throw .empty }
        for part in parts {
            let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard let low = Int(bounds[0]), let high = Int(bounds[bounds.count - 1]), low >= 0, high >= 0 else {
                throw .malformed(part: part)
            }
            guard low <= high else { throw .reversedRange(part: part) }
            guard high - low < 1 << 16 else { throw .malformed(part: part) }
            ids += Array(low ... high)
        }
        var seen = Set<Int>()
        for id in ids where !seen.insert(id).inserted { throw .duplicate(id) }
        return ids.sorted()
    }

    /// The shards to run, once Discord's recommended count is known.
    /// - Throws: When a configured id is not below the count.
    public func plan(recommendedCount: Int) throws(ShardSelectionError) -> [ShardID] {
        let count = self.count ?? max(1, recommendedCount)
        let ids = self.ids ?? Array(0 ..< count)
        try Self.check(ids, count: count)
        return ids.map { ShardID(id: $0, count: count) }
    }

    private static func check(_ ids: [Int], count: Int) throws(ShardSelectionError) {
        if ids.isEmpty { throw .empty }
        if let outside = ids.first(where: { !(0 ..< count).contains($0) }) { throw .outOfRange(outside, count: count) }
    }
}

/// A shard setting that cannot be run, with what to write instead.
public enum ShardSelectionError: Error, Sendable, Equatable, CustomStringConvertible {
    case empty
    case malformed(part: String)
    case reversedRange(part: String)
    case duplicate(Int)
    case outOfRange(Int, count: Int)
    case countTooSmall(Int)

    public var description: String {
        switch self {
        case .empty: "no shard ids given: write ids and ranges such as 0-3 or 4,5 (or leave it blank for all)"
        case let .malformed(part): "\"\(part)\" is not a shard id or range: write whole numbers from 0, e.g. 0-3 or 4,5"
        case let .reversedRange(part): "the range \"\(part)\" runs backwards: write the smaller id first"
        case let .duplicate(id): "shard \(id) is listed twice: each shard runs in exactly one place"
        case let .outOfRange(id, count): "shard \(id) does not exist: with \(count) shard\(count == 1 ? "" : "s") the ids are 0 to \(count - 1)"
        case let .countTooSmall(count): "a shard count of \(count) cannot run: it must be at least 1"
        }
    }
}
