import StoryDomain

extension CommandRouter {
    /// Whether the command's answer will be for the asker only, decided before acknowledging so
    /// that no public placeholder is made for a private answer. Read-only: the request is
    /// validated and the asker's rules, plan and quota read (a few milliseconds on SQLite; the
    /// family's settings come from ``CachedFamilySettingsStore`` where the root wires it); anything
    /// that would be refused answers privately.
    func answersPrivately(_ command: ChatCommand, context: ChatContext) async -> Bool {
        if command.answersPrivately { return true }
        do {
            switch command {
            case let .storyNew(draft):
                // The asker's rules and refused requests are read side by side (one trip's wait, not two).
                async let refusals: Void = stories.checkRefusals(for: context.user, on: context.family.platform)
                let rules = try await requesterRules(context)
                let limits = rules.limits
                try await refusals
                // Held for a grown-up's yes: the asker alone is told it is on its way.
                if heldBy(context, settings: rules.settings) != nil { return true }
                let heroes = try await castMembers(draft.cast, family: context.family)
                _ = try stories.prepareStory(draft, family: context.family, requester: context.user, limits: limits, seed: 0, cast: heroes)
                try await stories.checkModelBudget(for: context.family, audience: limits.audience, lookAhead: true)
                if let quota = limits.dailyQuota {
                    try await stories.checkQuota(quota, for: context.user, on: context.family.platform)
                }
            case let .storyContinue(query):
                async let refusals: Void = stories.checkRefusals(for: context.user, on: context.family.platform)
                let rules = try await requesterRules(context)
                let limits = rules.limits
                try await refusals
                if heldBy(context, settings: rules.settings) != nil { return true }
                let story = try await preparedChapter(query, context: context, limits: limits, seed: 0)
                try await stories.checkModelBudget(for: context.family, audience: story.request.isForChildren ? .children : .family,
                                                   lookAhead: true)
                if let quota = limits.dailyQuota {
                    try await stories.checkQuota(quota, for: story.requester, on: context.family.platform)
                }
            case let .storyRead(query):
                let story = try await resolve(query, family: context.family)
                return try await firstPage(of: story, family: context.family).isPrivate
            case let .storyBook(query, format):
                return renderer.bookOffer(try await resolve(query, family: context.family), format: format).isPrivate
            case let .collectionNew(draft):
                let rules = try await rules(context)
                guard rules.mayRequest(roleIDs: context.roleIDs, isManager: context.isManager), rules.plan.limits.collections else {
                    return true
                }
                try await stories.checkRefusals(for: context.user, on: context.family.platform)
                let heroes = try await castMembers(draft.cast, family: context.family)
                _ = try collections.prepare(goal: draft.goal, heroName: draft.heroName, age: draft.age, companion: draft.companion,
                                            storyCount: draft.stories, language: draft.language, family: context.family,
                                            requester: context.user, limits: rules.limits, cast: heroes)
                try await stories.checkModelBudget(for: context.family, lookAhead: true)
                if let quota = rules.limits.dailyQuota {
                    try await stories.checkQuota(quota, for: context.user, on: context.family.platform)
                }
            case let .collectionShow(query):
                let progress = try await collections.find(query, in: context.family)
                // The next story is made now when it does not exist or failed: the same read-only
                // checks as `show` (rules, remakes, the model budget), so a refusal is private.
                if let next = progress.nextUnread, next.storyID == nil || next.storyStatus == .failed {
                    let rules = try await collections.continuationRules(for: progress.collection, purchases: context.purchases)
                    guard rules.mayRequest(roleIDs: context.roleIDs, isManager: context.isManager) else { return true }
                    if rules.plan.limits.collections {
                        _ = try await collections.prepareNext(next, of: progress, limits: rules.limits)
                    }
                }
            case let .storyListen(query, page):
                // Refusals (no such story or page, not ready, not set up) are answered privately.
                guard narration != nil else { return true }
                let story = try await listenedStory(query, family: context.family)
                guard story.isReadable else { return true }
                if case let .page(number) = try Self.narrationPart(page), !(1...story.pageCount).contains(number) { return true }
            case let .castShow(name):
                // An unknown name, or no cast to show, is answered privately.
                guard let cast else { return true }
                let members = try await cast.cast(of: context.family)
                if members.isEmpty { return true }
                if let name, !members.contains(where: { $0.key == CastMember.key(name) }) { return true }
            case .storyLibrary, .collectionList, .castList:
                break
            case .storyDelete, .collectionDelete, .premiumGrant, .premiumRevoke, .premiumStatus, .premiumUsage, .settingsShow, .settingsSet,
                 .settingsForget, .help, .helpMore, .familyMembers, .familyInvite, .familyInvites, .familyRevoke, .familyRemove, .familySignOut, .castAdd,
                 .castEdit, .castRemove, .bedtimeSet, .bedtimeShow, .bedtimeOff:
                return true
            }
            return false
        } catch {
            return true
        }
    }

    /// Whether "another story like this" will be refused (so answered privately).
    func anotherIsRefused(original: Story?, limits: StoryLimits?, context: ChatContext) async -> Bool {
        guard let original, let limits else { return true }
        do {
            try await stories.checkRefusals(for: context.user, on: context.family.platform)
            let another = try stories.prepareAnother(like: original, requester: context.user, limits: limits)
            try await stories.checkModelBudget(for: original.family, audience: another.request.isForChildren ? .children : .family,
                                               lookAhead: true)
            if let quota = limits.dailyQuota { try await stories.checkQuota(quota, for: context.user, on: context.family.platform) }
            return false
        } catch {
            return true
        }
    }
}
