import Foundation
import StoryDomain

extension ReplyRenderer {
    /// A new bedtime, confirmed to the grown-up who set it.
    func bedtimeSet(_ schedule: BedtimeSchedule, next: Date?, now: Date, zone: TimeZone, on platform: Platform) -> ChatReply {
        let first = next.map { " The first one comes \(LocalTimeText.when($0, now: now, in: zone)) (\(TimeZoneName.display(zone)))." } ?? ""
        return .privateNote("""
            🌙 Bedtime is set: **\(schedule.time)**, \(schedule.days.displayName), \(place(schedule, on: platform)) — \
            \(storyText(schedule.story)).\(first) It is made a few minutes ahead and counts as one of your stories for the day. \
            `/bedtime show` lists your bedtimes; `/bedtime off` stops one.
            """)
    }

    /// The family's bedtimes with their numbers and next times, and evenings skipped since last asked.
    func bedtimes(_ schedules: [BedtimeSchedule], nexts: [Date?], skipped: [BedtimeEveningRecord], now: Date, zone: TimeZone,
                  on platform: Platform) -> ChatReply {
        var lines: [String] = []
        if schedules.isEmpty {
            lines.append("🌙 No bedtimes yet. `/bedtime set time:19:30` posts tonight's story here at 19:30 every evening.")
        } else {
            lines.append("🌙 Your bedtimes (\(TimeZoneName.display(zone)) time):")
            for (index, schedule) in schedules.enumerated() {
                let next = nexts.indices.contains(index) ? nexts[index].map { " · next \(LocalTimeText.when($0, now: now, in: zone))" } ?? "" : ""
                lines.append("\(index + 1). **\(schedule.time)** · \(schedule.days.displayName) · \(place(schedule, on: platform)) · "
                             + "\(storyText(schedule.story)) · set by \(quoted: schedule.owner.displayName)\(next)")
            }
            lines.append("")
            lines.append("`/bedtime off \(schedules.count > 1 ? "2" : "1")` stops one; `/bedtime off all` stops them all.")
        }
        lines += skippedLines(skipped, schedules: schedules)
        return .privateNote(lines.joined(separator: "\n"))
    }

    /// Evenings skipped since the grown-ups last heard, as the short private lines added to a
    /// grown-up's next answer (never shown to the children).
    func bedtimeSkips(_ skipped: [BedtimeEveningRecord], schedules: [BedtimeSchedule]) -> String {
        (["🌙 For the grown-ups:"] + skippedLines(skipped, schedules: schedules)).joined(separator: "\n")
    }

    private func skippedLines(_ skipped: [BedtimeEveningRecord], schedules: [BedtimeSchedule]) -> [String] {
        skipped.map { record in
            let why = switch record.skipReason {
            case BedtimeEveningRecord.lateReason: "I was not running at bedtime (more than 30 minutes late, so it was left for tomorrow)"
            case BedtimeEveningRecord.notApprovedReason: "no grown-up said yes by 20 minutes after bedtime"
            case BedtimeEveningRecord.approvalsFullReason: "too many stories were already waiting for a grown-up's yes"
            default: "the story could not be made"
            }
            let time = schedules.first { $0.id == record.scheduleID }.map { " at \($0.time)" } ?? ""
            return "⚠️ The bedtime story of \(record.evening)\(time) was not posted: \(why)."
        }
    }

    /// Bedtimes turned off.
    func bedtimesOff(_ removed: [BedtimeSchedule], on platform: Platform) -> ChatReply {
        guard !removed.isEmpty else { return .privateNote("🌙 That bedtime was already off.") }
        let names = removed.map { "**\($0.time)** (\($0.days.displayName))" }.joined(separator: ", ")
        return .privateNote("🌙 Bedtime \(names) is off — no more stories at that time. `/bedtime set` starts a new one.")
    }

    /// "here", "this room", "<#123>".
    private func place(_ schedule: BedtimeSchedule, on platform: Platform) -> String {
        platforms[platform].hasRooms ? "in this room" : "in <#\(schedule.channelID)>"
    }

    private func storyText(_ story: BedtimeStoryChoice) -> String {
        switch story {
        case .continueChain: "the next chapter of your newest story"
        case .new(theme: nil): "a new story on a theme from your recent stories"
        case let .new(theme?): "a new story about “\(quoted: theme)”"
        }
    }
}
