import Foundation
import Logging
import StoryDomain

extension BedtimeRunner {
    /// The id of one schedule's evening's approval: the same in every process and after a
    /// restart, so the made story is held once (letters and digits, as button ids need).
    static func approvalID(schedule: String, evening: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 // FNV-1a, 64 bits
        for byte in "\(schedule)\n\(evening)".utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return "bt" + String(hash, radix: 16)
    }

    /// Whether the evening's story was held for the grown-ups' yes.
    func isHeld(_ schedule: BedtimeSchedule, evening: String) async throws -> Bool {
        guard let approvals else { return false }
        return try await approvals.store.approval(Self.approvalID(schedule: schedule.id, evening: evening), family: schedule.family) != nil
    }

    /// Holds the made story at the approval desk (once) and follows it: the desk posts it by
    /// ``ApprovalRules`` (at bedtime if approved by then, on approval within 20 minutes after);
    /// the evening is marked posted once it was shared, or skipped when nobody said yes in time
    /// (told to the grown-ups under their next private answer). Returns when to look again, or
    /// nil when the evening is done.
    func hold(_ story: StoryID, evening: BedtimeEvening, schedule: BedtimeSchedule, now: Date) async throws -> Date? {
        let key = evening.occurrence.evening
        guard let approvals else {
            _ = try await scheduling.store.markSkipped(schedule.id, evening: key, reason: BedtimeEveningRecord.notApprovedReason, at: now)
            return nil
        }
        let approval: PendingApproval
        do {
            approval = try await approvals.holdBedtime(id: Self.approvalID(schedule: schedule.id, evening: key), story: story,
                                                       family: schedule.family, channelID: schedule.channelID, owner: schedule.owner,
                                                       bedtime: evening.occurrence.instant)
        } catch ApprovalError.tooManyWaiting {
            if try await scheduling.store.markSkipped(schedule.id, evening: key, reason: BedtimeEveningRecord.approvalsFullReason, at: now) {
                logger.notice("bedtime story not held: too many stories wait for a yes", metadata: ["schedule": "\(schedule.id)"])
            }
            return nil
        }
        switch approval.state {
        case .waiting, .approved:
            return now.addingTimeInterval(longestNap)
        case .shared:
            _ = try await scheduling.store.markPosted(schedule.id, evening: key, at: now)
            logger.info("approved bedtime story posted", metadata: ["schedule": "\(schedule.id)", "evening": "\(key)"])
        case .expired, .declined:
            let reason = approval.state == .expired ? BedtimeEveningRecord.notApprovedReason : "declined"
            if try await scheduling.store.markSkipped(schedule.id, evening: key, reason: reason, at: now) {
                logger.notice("bedtime story not approved; the grown-ups will be told", metadata: ["schedule": "\(schedule.id)"])
            }
        }
        return nil
    }
}
