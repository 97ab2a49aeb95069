import DiscordAdapter
import Foundation
import Logging
import Operations
import ServiceLifecycle
import StoryBot
import StoryDomain
import WebChat

extension MagicalStoriesApp {
    /// A grown-up says yes first (issue 34): the desk the router holds stories at and whose
    /// runner shows them to the grown-ups (the web chat's bubble, Discord's direct messages),
    /// shares them on ✅ and ends those not answered in time.
    static func approvals(store: AppStore, family: FamilyModules, transports: [any ChatTransport], hub: WebChatRoomHub, rooms: RoomAccess,
                          discord: DiscordParts?, clock: any WallClock, logger: Logger) -> ApprovalDesk {
        ApprovalDesk(store: store.approvals, stories: family.stories, policy: family.policy, transports: transports,
                     couriers: [WebChatApprovalCourier(hub: hub, rooms: rooms)]
                         + [discordApprovalCourier(discord, store: store, clock: clock, logger: logger)].compactMap { $0 },
                     clock: clock, logger: logger)
    }

    /// Discord's grown-ups are asked by direct message (when a bot token is configured).
    static func discordApprovalCourier(_ discord: DiscordParts?, store: AppStore, clock: any WallClock,
                                       logger: Logger) -> DiscordApprovalCourier? {
        discord.map { DiscordApprovalCourier(rest: $0.rest, renderer: $0.renderer, store: store.keyValues, clock: clock, logger: logger) }
    }
}

/// Runs the ``ApprovalDesk``'s rounds for the life of the service.
struct ApprovalService: Service {
    let desk: ApprovalDesk

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await desk.run()
        }
    }
}
