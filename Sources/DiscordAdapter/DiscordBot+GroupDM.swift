import DiscordModels
import Logging
import StoryBot
import StoryDomain

extension DiscordBot {
    /// A bedtime cannot be kept in a group DM: the bot may write there only when someone uses it,
    /// so it could never post the story at bedtime.
    static let bedtimeInGroupDM = """
        🌙 I can't bring a bedtime story to a group chat on my own — here I may only answer when someone \
        uses me. Bedtime stories arrive in a server with the bot, or in your DM with me: set one up there \
        with **/bedtime set**. Here, ask for a story any time with **/story new**.
        """

    static func isBedtimeInGroupDM(_ input: ChatInput, _ interaction: Interaction) -> Bool {
        guard case .command(.bedtimeSet) = input else { return false }
        return GroupDMFamily(interaction) != nil
    }

    /// Answers `/bedtime set` in a group DM privately and kindly, without running it.
    func explainBedtimeInGroupDM(_ prepared: PreparedInteraction) async {
        do {
            try await prepared.responder.reply(ChatReply(text: Self.bedtimeInGroupDM, isPrivate: true))
        } catch {
            prepared.logger.warning("could not explain bedtime in a group DM", metadata: ["error": "\(error)"])
        }
    }

    /// After an interaction in a user-installed channel: a story that came too late for its own
    /// token is offered through this one (one public follow-up with a button to open it).
    func offerLateStory(_ prepared: PreparedInteraction) async {
        let interaction = prepared.interaction
        guard interaction.isUserInstallOnly, let channel = interaction.channelID else { return }
        do {
            guard let late = try await lateStories.take(channelID: String(describing: channel)) else { return }
            let title = late.title.isEmpty ? "Your story" : "**\(late.title)**"
            let offer = ChatReply(text: "📖 \(title) is ready — it finished after I could still post it here. Tap to read it together!",
                                  buttons: [[ChatButton(.open(late.storyID), label: "📖 Read it", style: .primary)]])
            try await prepared.responder.reply(offer)
            prepared.logger.info("a late story was offered", metadata: ["story": "\(late.storyID)"])
        } catch {
            prepared.logger.warning("could not offer a late story", metadata: ["error": "\(error)"])
        }
    }
}
