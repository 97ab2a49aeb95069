import Hummingbird
import StoryDomain

extension WebChatServer {
    /// What `GET /api/cast` answers: the family's cast by name, kind and pronouns (when set), for
    /// the new-story form's hero picker.
    struct CastAnswer: Encodable, Equatable {
        struct Member: Encodable, Equatable {
            var name: String
            /// `child`, `grown-up`, `baby`, or a creature's kind (`cat`, `teddy`…).
            var kind: String
            /// `he`, `she` or `they` when the family set them; left out when not (the name is used).
            var pronouns: String?
        }

        var members: [Member]

        init(_ cast: [CastMember]) {
            members = cast.map { Member(name: $0.name, kind: $0.kind.rawValue, pronouns: $0.pronouns?.rawValue) }
        }
    }

    /// `GET /api/cast`: the room's cast, for its members only (like `/api/me`); an empty list
    /// where there is none or no cast is set up.
    func addCastRoute(to router: Router<WebChatRequestContext>) {
        router.get("/api/cast") { [cast] _, context in
            guard let member = context.member else {
                return WebChatDoorRoutes.error(.unauthorized, "🔑 This family room is private: open the invite link a grown-up sent you.")
            }
            let members = try await cast?(FamilyRef(platform: Platform.web, externalID: member.room.rawValue)) ?? []
            return WebChatDoorRoutes.json(.ok, CastAnswer(members))
        }
    }
}
