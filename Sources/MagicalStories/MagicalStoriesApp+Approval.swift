import Foundation
import Logging
import Operations
import ServiceLifecycle
import StoryBot
import StoryDomain
import WebChat

extension MagicalStoriesApp {
    /// A grown-up says yes first (issue 34): the desk the router holds stories at and whose
    /// runner shows them to the grown-ups (the web chat's bubble), shares them on ✅ and ends
    /// those not answered in time.
    static func approvals(store: AppStore, family: FamilyModules, transports: [any ChatTransport], hub: WebChatRoomHub, rooms: RoomAccess,
                          clock: any WallClock, logger: Logger) -> ApprovalDesk {
        ApprovalDesk(store: store.approvals, stories: family.stories, policy: family.policy, transports: transports,
                     couriers: [WebChatApprovalCourier(hub: hub, rooms: rooms)], clock: clock, logger: logger)
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
