import Foundation
import StoryDomain

extension ReplyRenderer {
    /// "Leo · a child of 5 · he/him · curly red hair, green pyjamas"
    static func castLine(_ member: CastMember) -> String {
        var line = "**\(quoted: member.name)** · \(castKind(member))"
        if let pronouns = member.pronouns { line += " · \(pronouns.subject)/\(pronouns.object)" }
        if !member.look.isEmpty { line += " · \(member.look)" }
        return line
    }

    /// "\nTheir stories leave out: thunder, big dogs." (private answers only: the room's list shows no sensitivities).
    static func sensitivitiesLine(_ member: CastMember) -> String {
        guard let avoid = member.avoid, !avoid.isEmpty else { return "" }
        return "\n🌙 Every story \(quoted: member.name) is in leaves out: \(avoid.joined(separator: ", "))."
    }

    /// "a child of 5", "a grown-up", "a dog".
    static func castKind(_ member: CastMember) -> String {
        switch member.kind {
        case .child: member.age.map { "a child of \($0)" } ?? "a child"
        case .baby: member.age.map { "a baby of \($0)" } ?? "a baby"
        case .grownUp: "a grown-up"
        case let .creature(kind): "a \(kind.rawValue)"
        }
    }

    func castAdded(_ member: CastMember, count: Int) -> ChatReply {
        .privateNote("""
            🌟 \(Self.castLine(member)) joined your family's cast (\(count) of \(CastLimits.maxMembers)).
            Put them in a story with `/story new theme:… cast:\(member.name)`; `/cast show \(member.name)` paints their portrait.
            """ + Self.sensitivitiesLine(member))
    }

    func castList(_ cast: [CastMember]) -> ChatReply {
        guard !cast.isEmpty else {
            return ChatReply(text: "🎭 Your family's cast is empty. Add someone with `/cast add name:Leo kind:child age:5 look:curly red hair`.")
        }
        var lines = ["🎭 **Your family's cast** — \(cast.count) of \(CastLimits.maxMembers):"]
        lines += cast.map { "• " + Self.castLine($0) }
        lines.append("")
        lines.append("`/story new theme:… cast:\(cast.prefix(2).map(\.name).joined(separator: ","))` puts them in a story; "
                     + "`/cast show` shows their portraits.")
        return ChatReply(text: lines.joined(separator: "\n"))
    }

    /// Each member with their kept portrait (the first ``ChatReply/maxPictures``).
    func castPortraits(_ cast: [CastMember]) -> ChatReply {
        guard !cast.isEmpty else { return castList(cast) }
        let pictures = cast.compactMap { member in
            member.portrait.map { ChatPicture(imageID: $0, caption: "\(quoted: member.name) · \(Self.castKind(member))") }
        }
        var lines = [cast.count == 1 ? "🖼️ \(Self.castLine(cast[0]))" : "🖼️ **Your family's cast**:"]
        if cast.count > 1 { lines += cast.map { "• " + Self.castLine($0) } }
        if pictures.count > ChatReply.maxPictures {
            lines.append("*(`/cast show NAME` shows the portraits that don't fit here.)*")
        }
        return ChatReply(text: lines.joined(separator: "\n"), pictures: pictures)
    }

    func castEdited(_ member: CastMember) -> ChatReply {
        .privateNote("✏️ \(Self.castLine(member)) — changed. Stories already made stay as they were; new ones use this." + Self.sensitivitiesLine(member))
    }

    func castRemoved(_ member: CastMember) -> ChatReply {
        .privateNote("👋 **\(quoted: member.name)** left the cast. Stories already made with them stay as they were.")
    }
}
