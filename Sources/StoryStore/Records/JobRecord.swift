import Foundation
import GRDB
import StoryDomain

/// A row of `job`: one durable generation job per story.
struct JobRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "job"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    var id: Int64?
    var storyId: String
    var status: String
    var attempts: Int
    var deliveryJson: String
    var notBefore: Date
    var lastError: String?
    var createdAt: Date
    var updatedAt: Date
    var deliveredAt: Date?
    /// ``JobTable/requestKey(_:platform:)`` of the request that made the job (one job per request).
    var requestKey: String?
    /// The process working the job, and until when (v12).
    var lockedBy: String?
    var leaseUntil: Date?
    /// How often a lease on the job ran out (v23).
    var leaseExpiries: Int = 0

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    func job() throws -> StoryJob {
        guard let id, let storyID = StoryID(rawValue: storyId) else {
            throw StoreError(kind: .corrupt, path: "job", detail: "bad job row")
        }
        return StoryJob(id: id, storyID: storyID, status: JobStatus(rawValue: status) ?? .queued, attempts: attempts,
                        delivery: try JSONColumn.decode(DeliveryAddress.self, from: deliveryJson),
                        notBefore: notBefore, lastError: lastError, deliveredAt: deliveredAt, lockedBy: lockedBy,
                        leaseUntil: leaseUntil, leaseExpiries: leaseExpiries)
    }
}
