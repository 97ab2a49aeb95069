import StoryDomain

/// A grown-up's answer to a story held for approval (✅ Share, 🌙 Gentler, 🔄 Another), encoded
/// in the button's id (`ms:ap1:<action>:<approval>:<family>`, versioned like ``ComponentID``). The
/// family travels with it because a direct message (Discord) belongs to no server; it is left
/// out when it would make the id longer than 100 characters (the web chat's room is then the
/// presser's).
public struct ApprovalButton: Sendable, Equatable {
    public enum Action: String, Sendable, CaseIterable {
        case share = "s"
        case gentler = "g"
        case another = "a"
    }

    public var action: Action
    public var approvalID: String
    /// The family's id on its platform; nil: the presser's family.
    public var familyID: String?

    static let prefix = "ms:ap1:"

    public init(_ action: Action, approvalID: String, familyID: String?) {
        self.action = action
        self.approvalID = approvalID
        self.familyID = familyID
    }

    public var encoded: String {
        let bare = "\(Self.prefix)\(action.rawValue):\(approvalID):"
        guard let familyID, bare.count + familyID.count <= 100 else { return bare }
        return bare + familyID
    }

    /// Nil for any id that is not an approval button.
    public init?(encoded: String) {
        guard encoded.count <= 100, encoded.hasPrefix(Self.prefix) else { return nil }
        let parts = encoded.dropFirst(Self.prefix.count).split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let action = Action(rawValue: parts[0]), (1...32).contains(parts[1].count),
              parts[1].allSatisfy({ $0.isLetter || $0.isNumber })
        else { return nil }
        self.init(action, approvalID: parts[1], familyID: parts[2].isEmpty ? nil : parts[2])
    }

    /// The family the approval belongs to, as seen from where the button was pressed.
    public func family(pressedIn context: ChatContext) -> FamilyRef {
        familyID.map { FamilyRef(platform: context.family.platform, externalID: $0) } ?? context.family
    }
}

extension ChatButton {
    /// A button answering a story held for approval.
    public init(_ answer: ApprovalButton, label: String, style: Style = .secondary) {
        self.init(.moreHelp, label: label, style: style)
        id = answer.encoded
    }
}
