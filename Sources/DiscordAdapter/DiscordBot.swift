import ConcurrencyKit
import DiscordGateway
import DiscordModels
import DiscordREST
import Foundation
import Logging
import ServiceLifecycle
import StoryBot
import StoryDomain
import Synchronization

/// The Discord bot: registers slash commands, keeps this process's gateway shards connected, and
/// hands every interaction to the ``CommandRouter`` in the lane it belongs to.
///
/// ## Shards
/// ``Configuration/shards`` says which shards run here (default: all Discord recommends); each has
/// its own connection, session (kept per shard in the key-value store) and resume state, and all
/// feed the same lanes. IDENTIFYs take turns through ``Configuration/identifyCoordinator``.
///
/// ## Command registration
/// A process that owns its store alone registers the slash commands before its shards connect.
/// When several processes share the bot (``SingletonTaskRunner/isSoleProcess`` false), the one
/// leading ``Configuration/singletonTasks``' `discord-command-registration` task registers them,
/// beside its lanes; when the lead moves, the new leader registers again (a no-op when nothing
/// changed: registration is idempotent).
///
/// ## Lanes
/// Each kind of input has one lane, and each lane one limit; what waits in a lane is a plain
/// value, not a suspended task, so a burst of any size stays within bounded memory.
/// - **Gateway readers** (one per shard): decode each event and put it in its lane; they never wait for work.
/// - **Acknowledgements** (``Configuration/maxConcurrentAcknowledgements``, 32): a command is
///   acknowledged by ``CommandRouter/acknowledge(_:context:responder:deciding:)`` (publicly or
///   privately, after a read-only check waited for at most
///   ``Configuration/acknowledgementCheckBudget``) and nothing else; autocomplete, whose first answer is its whole
///   answer, is answered here too.
/// - **Commands** (``Configuration/maxConcurrentCommands``, 16): the work behind an acknowledged
///   command (``CommandRouter/work(_:context:responder:)``): reads, the job written, one answer;
///   on ``Configuration/commandExecutor`` when one is given (the service: a thread at nice 10).
/// - **Button presses** (``Configuration/maxConcurrentButtonPresses``, 16): a page turn is read,
///   answered with UPDATE_MESSAGE and its page remembered for filling in; a press never shares a
///   limit with commands or with story deliveries, which run in the story workers.
/// - **Store purchases** (one at a time, in order): `ENTITLEMENT_*` events, recorded through
///   ``CommandRouter/recordPurchase(_:)``.
/// - **Poll votes** (one at a time, in order): `MESSAGE_POLL_VOTE_ADD`/`_REMOVE` (intent
///   `GUILD_MESSAGE_POLLS`, ``intents``), counted through ``CommandRouter/countPollBallot(_:)``.
///
/// A lane's limit is also the bound on the pictures it holds: each command or press sends at most
/// one picture at a time. Inside the router, one person's quota-checked requests still pass one at
/// a time (a correctness guard, not a limit: see ``CommandRouter``).
///
/// measured: docs/benchmarks.md#discord-lanes
public final class DiscordBot: Service {
    /// What the bot needs to know about its Discord application, and its lanes' limits.
    public struct Configuration: Sendable {
        /// Asked from Discord (`GET /applications/@me`) when not configured.
        public var applicationID: Snowflake?
        /// Register commands to this server only (instant, for development).
        public var guildID: Snowflake?
        public var gateway: GatewayConfiguration
        /// The shard count and the shard ids this process runs.
        public var shards: ShardSelection
        /// Hands out IDENTIFY turns (`max_concurrency`) to the shards; share one per bot.
        public var identifyCoordinator: any IdentifyCoordinator
        /// Chooses the process that registers the commands when several share the bot.
        public var singletonTasks: any SingletonTaskRunner
        /// Told the shards this process runs once they are known (before any connects), e.g. to
        /// size this process's share of the REST global limit.
        public var onShardPlan: @Sendable ([ShardID]) async -> Void
        /// Commands (and autocompletes) being acknowledged at once: one read-only check and one
        /// deferral request each.
        public var maxConcurrentAcknowledgements: Int
        /// Acknowledged commands worked at once (database reads and writes, one reply each).
        public var maxConcurrentCommands: Int
        /// Button presses (page turns: a database read, a picture, an upload each) worked at once.
        public var maxConcurrentButtonPresses: Int
        /// How long commands and presses in flight may take to finish once shutdown is asked for
        /// (answering them needs Discord); after it they are cancelled.
        public var inFlightGrace: Duration
        /// Where acknowledged commands are worked (their reads, screens, the job written, the
        /// answer); nil: where Swift's tasks run. A low-priority thread keeps a burst's command work
        /// from queueing ahead of the next commands' deferrals, which stay on the event loops
        /// (docs/benchmarks.md, the burst).
        public var commandExecutor: (any TaskExecutor)?
        /// How long a command's acknowledgement may wait for the router's check of whether its
        /// answer is private (``CommandRouter/acknowledge(_:context:responder:deciding:)``);
        /// nil: as long as the check takes. Past it the deferral is public and a private answer
        /// replaces it (``DiscordResponder``: the deferral is deleted, the answer sent as an
        /// ephemeral follow-up).
        public var acknowledgementCheckBudget: Duration?

        public init(applicationID: Snowflake?, guildID: Snowflake?, gateway: GatewayConfiguration, shards: ShardSelection = .all,
                    identifyCoordinator: any IdentifyCoordinator = LocalIdentifyCoordinator(),
                    singletonTasks: any SingletonTaskRunner = SoleProcessTaskRunner(),
                    onShardPlan: @escaping @Sendable ([ShardID]) async -> Void = { _ in },
                    maxConcurrentAcknowledgements: Int = 32,
                    maxConcurrentCommands: Int = 16, maxConcurrentButtonPresses: Int = 16, inFlightGrace: Duration = .seconds(3),
                    commandExecutor: (any TaskExecutor)? = nil, acknowledgementCheckBudget: Duration? = nil) {
            self.commandExecutor = commandExecutor
            self.acknowledgementCheckBudget = acknowledgementCheckBudget
            self.shards = shards
            self.identifyCoordinator = identifyCoordinator
            self.singletonTasks = singletonTasks
            self.onShardPlan = onShardPlan
            self.inFlightGrace = inFlightGrace
            self.applicationID = applicationID
            self.guildID = guildID
            self.gateway = gateway
            self.maxConcurrentAcknowledgements = max(1, maxConcurrentAcknowledgements)
            self.maxConcurrentCommands = max(1, maxConcurrentCommands)
            self.maxConcurrentButtonPresses = max(1, maxConcurrentButtonPresses)
        }
    }

    /// The gateway intents the bot asks for: GUILDS, GUILD_MESSAGE_POLLS for the votes on its
    /// polls, and GUILD_MESSAGES for the end of its polls (none is privileged).
    public static let intents: UInt64 = 1 | PollVoteEvent.intent | PollEndEvent.intent

    private let configuration: Configuration
    private let rest: DiscordRESTClient
    private let router: CommandRouter
    private let renderer: DiscordMessageRenderer
    private let acknowledgements: any AcknowledgementLedger
    private let clock: any WallClock
    private let registrar: CommandRegistrar
    private let store: any KeyValueStore
    /// Stories that came too late for their token in group DMs, offered on the next interaction there.
    let lateStories: GroupDMLateStories
    /// Uploads the app's emojis after the commands are registered; nil: buttons keep Unicode emojis.
    private let emojiUploader: AppEmojiUploader?
    private let translator = InteractionTranslator()
    private let deduplicator = InteractionDeduplicator()
    /// As many privacy checks at once as acknowledgements, abandoned ones included.
    private let privacyCheckSlots: PrivacyCheckSlots
    private let logger: Logger
    private let gateway = Mutex<ShardedGateway?>(nil)

    /// Each of this process's shards' state and counters (empty until the shards are known), for
    /// health and metrics.
    public var gatewayStatuses: [ShardID: GatewayStatus] { gateway.withLock { $0?.statuses ?? [:] } }

    /// - Parameters:
    ///   - renderer: the one Discord renderer, shared with the story deliveries (``DiscordTransport``).
    ///   - acknowledgements: receipts of acknowledged interactions, kept across restarts.
    ///   - store: where the registered commands' hash and the gateway session are kept.
    public init(configuration: Configuration, rest: DiscordRESTClient, router: CommandRouter, renderer: DiscordMessageRenderer,
                acknowledgements: any AcknowledgementLedger, clock: any WallClock, store: any KeyValueStore, logger: Logger,
                emojiUploader: AppEmojiUploader? = nil) {
        self.emojiUploader = emojiUploader
        self.configuration = configuration
        self.rest = rest
        self.router = router
        self.renderer = renderer
        self.acknowledgements = acknowledgements
        self.clock = clock
        registrar = CommandRegistrar(rest: rest, store: store, logger: logger)
        self.store = store
        privacyCheckSlots = PrivacyCheckSlots(limit: configuration.maxConcurrentAcknowledgements)
        lateStories = GroupDMLateStories(store: store)
        self.logger = logger
    }

    public func run() async throws {
        // Registration retries while Discord cannot be reached; shutdown must not wait for it.
        if configuration.singletonTasks.isSoleProcess {
            do {
                try await cancelWhenGracefulShutdown { try await self.registerCommands() }
            } catch where Task.isShuttingDownGracefully {
                logger.notice("stopped before the commands were registered")
                return
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.besideRegistration { try await self.runLanes() } }
            // Once shutdown is asked for, the gateway closes and the lanes drain; work still
            // waiting on an unreachable Discord after `inFlightGrace` is cancelled, so the
            // service stops in seconds, not after every retry.
            group.addTask {
                try await gracefulShutdown()
                try await Task.sleep(for: self.configuration.inFlightGrace)
                self.logger.notice("shutdown: Discord work still in flight was cancelled")
            }
            _ = try await group.next()
            group.cancelAll()
        }
    }

    /// The task, shared by the bot's processes, that registers the commands.
    static let registrationTask = "discord-command-registration"

    /// Runs `lanes`; when several processes share the bot, the commands are registered beside
    /// them by whichever process leads (until the lanes end or shutdown is asked for).
    private func besideRegistration(_ lanes: @escaping @Sendable () async throws -> Void) async throws {
        let tasks = configuration.singletonTasks
        guard !tasks.isSoleProcess else { return try await lanes() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                await cancelWhenGracefulShutdown { await tasks.run(Self.registrationTask) { await self.registerWhileLeading() } }
            }
            try await lanes()
            group.cancelAll()
        }
    }

    /// Registers the commands, then keeps the lead until it is lost (returning would hand it on
    /// and register again). A rejected registration is logged: the gateway reports a bad token
    /// on its own.
    private func registerWhileLeading() async {
        do {
            try await registerCommands()
        } catch is CancellationError {
            return
        } catch {
            logger.error("command registration failed; Discord keeps the commands it has", metadata: ["error": "\(error)"])
        }
        while !Task.isCancelled { try? await Task.sleep(for: .seconds(3_600)) }
    }

    /// The gateway reader and the lanes, until the gateway stops and the lanes are drained.
    private func runLanes() async throws {
        let (commands, commandLane) = AsyncStream.makeStream(of: ReceivedInteraction.self)
        let (presses, pressLane) = AsyncStream.makeStream(of: ReceivedInteraction.self)
        let (purchases, purchaseLane) = AsyncStream.makeStream(of: PurchasedEntitlement.self)
        let (pollVotes, pollVoteLane) = AsyncStream.makeStream(of: DiscordPollVotes.Event.self)
        let (acknowledged, acknowledgedLane) = AsyncStream.makeStream(of: PreparedInteraction.self)
        let lanes = Lanes(commands: commandLane, presses: pressLane, purchases: purchaseLane, pollVotes: pollVoteLane)
        let gateway = ShardedGateway(
            configuration: configuration.gateway, selection: configuration.shards,
            identifyCoordinator: configuration.identifyCoordinator,
            sessionStore: { [store, clock] shard in StoredGatewaySession(store: store, shard: shard, clock: clock) },
            logger: logger, onPlan: configuration.onShardPlan
        ) { [weak self] _, dispatch in
            self?.receive(dispatch, into: lanes)
        }
        self.gateway.withLock { $0 = gateway }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { lanes.finish() }
                try await gateway.run()
            }
            group.addTask {
                for await purchase in purchases { await self.router.recordPurchase(purchase) }
            }
            group.addTask {
                for await event in pollVotes {
                    switch event {
                    case let .ballot(ballot): await self.router.countPollBallot(ballot)
                    case let .ended(end): await self.router.pollEnded(end)
                    }
                }
            }
            group.addTask {
                defer { acknowledgedLane.finish() }
                await Self.work(through: commands, atMost: self.configuration.maxConcurrentAcknowledgements) {
                    await self.acknowledge($0, then: acknowledgedLane)
                }
            }
            group.addTask {
                await withTaskExecutorPreference(self.configuration.commandExecutor) {
                    await Self.work(through: acknowledged, atMost: self.configuration.maxConcurrentCommands) { await self.handle($0) }
                }
            }
            group.addTask {
                await Self.work(through: presses, atMost: self.configuration.maxConcurrentButtonPresses) {
                    guard let prepared = self.prepare($0) else { return }
                    await self.handle(prepared)
                }
            }
            try await group.waitForAll()
        }
    }

    /// An interaction as the gateway delivered it.
    private struct ReceivedInteraction: Sendable {
        let interaction: Interaction
        /// Replayed after a RESUME: it may have been answered already (the ledger tells).
        let replayed: Bool
    }

    /// The gateway reader's side of the lanes.
    private struct Lanes: Sendable {
        let commands: AsyncStream<ReceivedInteraction>.Continuation
        let presses: AsyncStream<ReceivedInteraction>.Continuation
        let purchases: AsyncStream<PurchasedEntitlement>.Continuation
        let pollVotes: AsyncStream<DiscordPollVotes.Event>.Continuation

        func finish() {
            commands.finish()
            presses.finish()
            purchases.finish()
            pollVotes.finish()
        }
    }

    /// Decodes an event and puts it in its lane; everything else is ignored. Returns at once.
    private func receive(_ dispatch: GatewayDispatch, into lanes: Lanes) {
        if dispatch.name.hasPrefix("ENTITLEMENT_") {
            do {
                var purchase = translator.purchase(try DiscordJSON.decoder().decode(GatewayData<Entitlement>.self, from: dispatch.data).d)
                if dispatch.name == "ENTITLEMENT_DELETE" { purchase.deleted = true }
                lanes.purchases.yield(purchase)
            } catch {
                logger.warning("unreadable entitlement event ignored", metadata: ["error": "\(error)"])
            }
            return
        }
        if DiscordPollVotes.isPollVote(dispatch.name) || dispatch.name.hasPrefix("MESSAGE_") {
            if let event = DiscordPollVotes.event(of: dispatch) { lanes.pollVotes.yield(event) }
            return
        }
        guard dispatch.name == "INTERACTION_CREATE" else { return }
        do {
            let interaction = try DiscordJSON.decoder().decode(GatewayData<Interaction>.self, from: dispatch.data).d
            guard deduplicator.firstSighting(of: interaction.id) else {
                logger.debug("duplicate interaction ignored", metadata: ["interaction.id": "\(interaction.id)"])
                let input: ChatInput? = if case let .input(input) = translator.request(of: interaction) { input } else { nil }
                router.ignoredDuplicate(input, on: .discord)
                return
            }
            // A press whose answer takes long work (reading aloud) runs with commands, never in the page-turn lane.
            let isQuickPress = interaction.type == .messageComponent && !ComponentID.runsLong(interaction.data?.customID ?? "")
            (isQuickPress ? lanes.presses : lanes.commands).yield(ReceivedInteraction(interaction: interaction, replayed: dispatch.replayed))
        } catch {
            logger.warning("unreadable interaction ignored", metadata: ["error": "\(error)"])
        }
    }

    /// Runs `work` on each element of `lane`, each on its own child task, at most `limit` at
    /// once; the next is not taken from the lane until a task is free.
    private static func work<Element: Sendable>(through lane: AsyncStream<Element>, atMost limit: Int,
                                                _ work: @escaping @Sendable (Element) async -> Void) async {
        await withTaskGroup(of: Void.self) { tasks in
            var running = 0
            for await element in lane {
                if running >= limit {
                    await tasks.next()
                    running -= 1
                }
                tasks.addTask { await work(element) }
                running += 1
            }
        }
    }

    /// Reads who asked for what, and makes the responder that answers it.
    /// - Parameter defersReceipt: the acknowledgement's receipt is written by ``handle(_:)`` (or
    ///   after a rejection), so an acknowledgement lane's slot never waits for the database writer.
    private func prepare(_ received: ReceivedInteraction, defersReceipt: Bool = false) -> PreparedInteraction? {
        let interaction = received.interaction
        var logger = self.logger
        logger[metadataKey: "interaction.id"] = "\(interaction.id)"
        logger[metadataKey: "guild.id"] = "\(interaction.guildID.map(String.init(describing:)) ?? "dm")"
        guard let context = translator.context(of: interaction) else {
            logger.warning("interaction without user or channel ignored")
            return nil
        }
        let responder = DiscordResponder(interaction: interaction, replayed: received.replayed, rest: rest, renderer: renderer,
                                         acknowledgements: acknowledgements, clock: clock, logger: logger, defersReceipt: defersReceipt)
        return PreparedInteraction(interaction: interaction, context: context, request: translator.request(of: interaction),
                                   responder: responder, logger: logger)
    }

    /// Has the router acknowledge a command (privately exactly when its answer will be), then
    /// queues the command on `next` for its work. What is answered in one go (autocomplete, a
    /// command whose options were not valid) is answered here.
    private func acknowledge(_ received: ReceivedInteraction, then next: AsyncStream<PreparedInteraction>.Continuation) async {
        guard let prepared = prepare(received, defersReceipt: true) else { return }
        let interaction = received.interaction
        do {
            switch prepared.request {
            case let .input(input) where Self.isBedtimeInGroupDM(input, interaction):
                await explainBedtimeInGroupDM(prepared)
                return await prepared.responder.recordAcknowledgement()
            case let .input(input):
                let budget = configuration.acknowledgementCheckBudget
                let slots = privacyCheckSlots
                try await router.acknowledge(input, context: prepared.context, responder: prepared.responder) { check in
                    await Self.answersPrivately(check, within: budget, slots: slots)
                }
            case let .invalid(error):
                await router.reject(error, responder: prepared.responder)
                return await prepared.responder.recordAcknowledgement()
            case let .autocomplete(field, text): return await suggest(field, matching: text, for: prepared)
            case .storyForm: return await openStoryForm(for: prepared)
            case .ignored:
                return prepared.logger.debug("interaction type not handled", metadata: ["type": "\(interaction.type.rawValue)"])
            }
        } catch {
            // Without its deferral the interaction cannot be answered; the command is not run.
            prepared.logger.error("could not acknowledge a command; it was not run", metadata: ["error": "\(error)"])
            return
        }
        next.yield(prepared)
    }

    /// The router's privacy check, waited for at most `budget` (nil: as long as it takes; `.zero`:
    /// not made). Past it: false, a public deferral, which ``DiscordResponder`` deletes before a
    /// private answer. The check's reads can queue behind a burst's other database work for
    /// hundreds of milliseconds (docs/benchmarks.md, the burst); it is abandoned, not waited for.
    /// At most `slots` checks run at once, abandoned ones included; with none free: public.
    static func answersPrivately(_ check: @escaping @Sendable () async -> Bool, within budget: Duration?,
                                 slots: PrivacyCheckSlots? = nil) async -> Bool {
        guard let budget else { return await check() }
        guard budget > .zero else { return false }
        if let slots, !slots.take() { return false }
        let bounded: @Sendable () async -> Bool = {
            defer { slots?.giveBack() }
            return await check()
        }
        // Detached: a database read that does not stop when cancelled is left behind at the deadline.
        return (try? await Deadline.answer(within: budget) { try await Detached.run { await bounded() } }) ?? false
    }

    /// Works an acknowledged command, or a button press whole (its update is its acknowledgement).
    private func handle(_ prepared: PreparedInteraction) async {
        // The receipt of the acknowledgement lane's deferral, written beside the work.
        async let recorded: Void = prepared.responder.recordAcknowledgement()
        if case let .input(input) = prepared.request {
            await router.work(input, context: prepared.context, responder: prepared.responder)
            await offerLateStory(prepared)
        } else {
            prepared.logger.debug("interaction type not handled", metadata: ["type": "\(prepared.interaction.type.rawValue)"])
        }
        await recorded
    }

    /// Opens `/story new`'s form, its hero choices read from the family's cast (an empty cast
    /// when the read takes over a second: the form must open within Discord's 3 seconds). A form
    /// Discord refuses is answered with the kind "a theme, please" a missing theme gets.
    private func openStoryForm(for prepared: PreparedInteraction) async {
        let cast = (try? await Deadline.answer(within: .seconds(1)) { [router] in
            try await router.suggestions(for: .castMember, matching: "", context: prepared.context, limit: PayloadLimits.autocompleteChoices)
        })?.map(\.value) ?? []
        do {
            try await rest.createInteractionResponse(interactionID: prepared.interaction.id, token: prepared.interaction.token,
                                                     response: .modal(DiscordStoryForm.modal(cast: cast)))
        } catch {
            prepared.logger.warning("the story form could not be opened", metadata: ["error": "\(error)"])
            await router.reject(.missingValue(option: "theme"), responder: prepared.responder)
            await prepared.responder.recordAcknowledgement()
        }
    }

    /// Answers autocomplete with the router's suggestions, fitted to Discord's limits.
    private func suggest(_ field: SuggestionField, matching text: String, for prepared: PreparedInteraction) async {
        do {
            let choices = try await router.suggestions(for: field, matching: text, context: prepared.context,
                                                       limit: PayloadLimits.autocompleteChoices).map {
                AutocompleteChoice(name: $0.name.fittingCodePoints(PayloadLimits.choiceName), value: $0.value)
            }
            try await rest.createInteractionResponse(interactionID: prepared.interaction.id, token: prepared.interaction.token,
                                                     response: .autocomplete(choices))
        } catch {
            prepared.logger.warning("autocomplete failed", metadata: ["error": "\(error)"])
        }
    }

    /// Registers commands, retrying transient failures; a rejected token is fatal.
    private func registerCommands() async throws {
        var backoff = Backoff(.init(first: .seconds(1), cap: .seconds(60), jitter: 0))
        while true {
            do {
                let applicationID = if let configured = configuration.applicationID { configured } else { try await rest.currentApplication() }
                try await registrar.register(applicationID: applicationID, guildID: configuration.guildID)
                await emojiUploader?.upload(applicationID: applicationID)
                return
            } catch let error as DiscordRESTError where error.isRetryable {
                logger.warning("command registration failed; retrying", metadata: ["error": "\(error)"])
                try await Task.sleep(for: backoff.next())
            }
        }
    }
}

/// An interaction read and ready to answer, as it waits in a lane.
struct PreparedInteraction: Sendable {
    let interaction: Interaction
    let context: ChatContext
    let request: InteractionTranslator.Request
    let responder: DiscordResponder
    let logger: Logger
}
