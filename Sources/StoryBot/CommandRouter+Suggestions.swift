import Logging
import StoryDomain

extension CommandRouter {
    /// Suggestions while a person types a story or collection option: the family's stories (or
    /// collections) whose titles contain `text`, newest first, at most `limit`. Read-only; the
    /// adapter fits the names to its platform's limits.
    public func suggestions(for field: SuggestionField, matching text: String, context: ChatContext,
                            limit: Int) async throws -> [ChatSuggestion] {
        switch field {
        case .story:
            try await stories.findStories(in: context.family, matching: text, limit: limit).map {
                ChatSuggestion(name: $0.title, value: $0.id.rawValue)
            }
        case .collection:
            try await collections.suggestions(text, in: context.family, limit: limit).map {
                ChatSuggestion(name: $0.title, value: $0.id.rawValue)
            }
        case .castMember:
            try await (cast?.cast(of: context.family) ?? [])
                .filter { text.isEmpty || $0.key.contains(CastMember.key(text)) }.prefix(limit)
                .map { ChatSuggestion(name: $0.name, value: $0.name) }
        }
    }

    /// Keeps a store purchase the platform reported outside any command (Discord's
    /// `ENTITLEMENT_CREATE/UPDATE/DELETE` events). Never throws: a failure is logged.
    public func recordPurchase(_ purchase: PurchasedEntitlement) async {
        let metadata: Logger.Metadata = ["sku": "\(purchase.skuID)", "deleted": "\(purchase.deleted)"]
        do {
            try await policy.entitlements.recordPurchase(purchase)
            logger.info("store entitlement recorded", metadata: metadata)
        } catch {
            logger.error("could not record a store entitlement", metadata: metadata.merging(["error": "\(error)"]) { $1 })
        }
    }
}
