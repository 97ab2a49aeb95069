import Foundation
import Logging
import StoryDomain

extension CommandRouter {
    /// `/bedtime set|show|off`: a family's grown-ups (web chat) and server managers or the members
    /// of the role they chose (Discord, `/settings set grownup_role:`) choose when tonight's story
    /// arrives. Answered privately, like `/settings`.
    func runBedtime(_ command: ChatCommand, context: ChatContext, responder: some ChatResponder) async throws {
        guard try await rules(context).isGrownUp(roleIDs: context.roleIDs, isManager: context.isManager) else {
            throw CommandAccessError.notGrownUp
        }
        guard let bedtime else { throw BedtimeScheduleError.notSetUp }
        let platform = context.family.platform
        let zone = try await policy.timeZone(of: context.family)
        switch command {
        case let .bedtimeSet(typed, place):
            let channel = try bedtimePlace(place, context: context)
            let schedule = try await bedtime.set(typed, family: context.family, channelID: channel, owner: context.user)
            logger.info("bedtime set", metadata: ["by": "\(context.user.userID)", "schedule": "\(schedule.id)", "time": "\(schedule.time)"])
            try await responder.reply(renderer.bedtimeSet(schedule, next: bedtime.next(schedule, in: zone)?.instant, now: bedtime.now,
                                                          zone: zone, on: platform))
        case .bedtimeShow:
            let schedules = try await bedtime.schedules(of: context.family)
            let skipped = try await bedtime.takeUntoldSkips(of: context.family)
            let nexts = schedules.map { bedtime.next($0, in: zone)?.instant }
            try await responder.reply(renderer.bedtimes(schedules, nexts: nexts, skipped: skipped, now: bedtime.now, zone: zone, on: platform))
        case let .bedtimeOff(which):
            let removed = try await bedtime.turnOff(which, family: context.family)
            logger.info("bedtime off", metadata: ["by": "\(context.user.userID)", "schedules": "\(removed.map(\.id))"])
            try await responder.reply(renderer.bedtimesOff(removed, on: platform))
        default:
            break
        }
    }

    /// Where a bedtime is posted: here by default; on a platform of channels (Discord) another
    /// channel by mention or id; in the web chat only its room.
    func bedtimePlace(_ typed: String?, context: ChatContext) throws(BedtimeScheduleError) -> String {
        guard let typed else { return context.channelID }
        let words = typed.lowercased().filter(\.isLetter)
        if ["here", "thischannel", "thisroom", "thischat", "this"].contains(words) { return context.channelID }
        guard !platforms[context.family.platform].hasRooms else { throw .badPlace }
        let id = typed.trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: "<#>")))
        guard (1...32).contains(id.count), id.allSatisfy({ $0.isASCII && $0.isNumber }) else { throw .badPlace }
        return id
    }

    /// The responder a command is answered through when it may be a grown-up's: its first plain
    /// private answer also tells of bedtimes skipped (the service was down, or the story could not
    /// be made) since the grown-ups last heard. nil for children, for `/bedtime show` (which lists
    /// them itself) and where bedtimes are not set up.
    func bedtimeNoticing<Base: ChatResponder>(_ command: ChatCommand, context: ChatContext,
                                              responder: Base) -> BedtimeNoticeResponder<Base>? {
        guard let bedtime, !context.isChild, command != .bedtimeShow else { return nil }
        return BedtimeNoticeResponder(base: responder) { [self] in
            let grownUp = if context.isManager { true } else { (try? await rules(context))?.isGrownUp(roleIDs: context.roleIDs, isManager: false) == true }
            guard grownUp else { return nil }
            do {
                let skipped = try await bedtime.takeUntoldSkips(of: context.family)
                guard !skipped.isEmpty else { return nil }
                return renderer.bedtimeSkips(skipped, schedules: try await bedtime.schedules(of: context.family))
            } catch {
                logger.warning("could not read skipped bedtimes; told another time", metadata: ["error": "\(error)"])
                return nil
            }
        }
    }
}
