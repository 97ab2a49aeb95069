import DiscordGateway
import DiscordModels
import DiscordREST
import Foundation
import Logging
import ServiceLifecycle
import StoryBot
import StoryDomain
import Synchronization

/// The Discord bot: registers slash commands, keeps the gateway connection, and answers
/// every interaction on its own task so a slow story never delays another family.
public final class DiscordBot: Service {
    /// What the bot needs to know about its Discord application.
    public struct Configuration: Sendable {
        /// Asked from Discord (`GET /applications/@me`) when not configured.
        public var applicationID: Snowflake?
        /// Register commands to this server only (instant, for development).
        public var guildID: Snowflake?
        public var gateway: GatewayConfiguration
        /// Commands being acknowledged at once (each a single deferral request); more wait their
        /// turn as plain values, so a burst of commands stays within bounded memory.
        public var maxConcurrentAcknowledgements: Int
        /// Acknowledged commands worked at once (database reads and writes, one reply each); the
        /// others wait in order, held as values.
        public var maxConcurrentCommands: Int
        /// Bytes of recently shown pictures kept in memory, so turning back and forth through a
        /// story does not read each picture from SQLite again.
        public var pictureCacheBytes: Int
        /// Replies with a picture rendered and uploaded at once (each holds its picture and
        /// request body in memory); the machine's cores, not this number, bound their throughput.
        public var maxConcurrentUploads: Int
        /// Button presses (page turns: a database read, a picture, an upload each) worked at once;
        /// the others wait in order, held as their interaction only.
        public var maxConcurrentButtonPresses: Int

        public init(applicationID: Snowflake?, guildID: Snowflake?, gateway: GatewayConfiguration, maxConcurrentAcknowledgements: Int = 32,
                    maxConcurrentCommands: Int = 16, pictureCacheBytes: Int = 4 << 20, maxConcurrentUploads: Int = 8,
                    maxConcurrentButtonPresses: Int = 16) {
            self.applicationID = applicationID
            self.guildID = guildID
            self.gateway = gateway
            self.maxConcurrentAcknowledgements = max(1, maxConcurrentAcknowledgements)
            self.maxConcurrentCommands = max(1, maxConcurrentCommands)
            self.pictureCacheBytes = pictureCacheBytes
            self.maxConcurrentUploads = max(1, maxConcurrentUploads)
            self.maxConcurrentButtonPresses = max(1, maxConcurrentButtonPresses)
        }
    }

    /// The services the bot reads from directly (autocomplete, store purchases).
    public struct Services: Sendable {
        public var stories: StoryService
        public var collections: CollectionService
        public var entitlements: EntitlementService
        /// Receipts of acknowledged interactions, kept across restarts.
        public var acknowledgements: any AcknowledgementLedger
        public var clock: any WallClock

        public init(stories: StoryService, collections: CollectionService, entitlements: EntitlementService,
                    acknowledgements: any AcknowledgementLedger, clock: any WallClock) {
            self.stories = stories
            self.collections = collections
            self.entitlements = entitlements
            self.acknowledgements = acknowledgements
            self.clock = clock
        }
    }

    private let configuration: Configuration
    private let rest: DiscordRESTClient
    private let router: CommandRouter
    private let services: Services
    private let renderer: DiscordMessageRenderer
    private let registrar: CommandRegistrar
    private let uploads: ConcurrencyLimiter
    private let sessionStore: any GatewaySessionStore
    private let translator = InteractionTranslator()
    private let deduplicator = InteractionDeduplicator()
    private let logger: Logger
    private let gateway = Mutex<GatewayClient?>(nil)

    /// The gateway connection's state and counters (nil before the bot runs), for health and metrics.
    public var gatewayStatus: GatewayStatus? { gateway.withLock { $0?.status } }

    public init(configuration: Configuration, rest: DiscordRESTClient, router: CommandRouter, services: Services,
                store: any KeyValueStore, logger: Logger) {
        self.configuration = configuration
        self.rest = rest
        self.router = router
        self.services = services
        let stories = services.stories
        // The renderer asks only for pictures of pages it has just read, so a cached copy is
        // never of a deleted story.
        let pictures = ImageCache(capacityBytes: configuration.pictureCacheBytes)
        renderer = DiscordMessageRenderer(images: { id in try await pictures.image(id) { try await stories.image(id) } },
                                          premiumSKU: services.entitlements.offeredSKU.flatMap(Snowflake.init))
        registrar = CommandRegistrar(rest: rest, store: store, logger: logger)
        uploads = ConcurrencyLimiter(limit: configuration.maxConcurrentUploads)
        sessionStore = StoredGatewaySession(store: store)
        self.logger = logger
    }

    public func run() async throws {
        try await registerCommands()
        let (interactions, continuation) = AsyncStream.makeStream(of: Interaction.self)
        let (purchases, purchaseContinuation) = AsyncStream.makeStream(of: (String, Entitlement).self)
        let gateway = GatewayClient(configuration: configuration.gateway, sessionStore: sessionStore, logger: logger) { [weak self] dispatch in
            self?.receive(dispatch, into: continuation, purchases: purchaseContinuation)
        }
        self.gateway.withLock { $0 = gateway }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer {
                    continuation.finish()
                    purchaseContinuation.finish()
                }
                try await gateway.run()
            }
            group.addTask {
                for await (event, entitlement) in purchases { await self.record(entitlement, event: event) }
            }
            // Commands and button presses in lanes of their own, so neither waits behind the
            // other. A command is acknowledged first, in a lane that does nothing else, then
            // waits its turn for the work behind it; presses are worked a few at a time. What
            // waits in a lane is a plain value, not a suspended task, so a burst of any size
            // stays within bounded memory.
            let (commands, commandLane) = AsyncStream.makeStream(of: Interaction.self)
            let (acknowledged, acknowledgedLane) = AsyncStream.makeStream(of: PreparedInteraction.self)
            let (presses, pressLane) = AsyncStream.makeStream(of: Interaction.self)
            group.addTask {
                defer {
                    commandLane.finish()
                    pressLane.finish()
                }
                for await interaction in interactions {
                    (interaction.type == .messageComponent ? pressLane : commandLane).yield(interaction)
                }
            }
            group.addTask {
                defer { acknowledgedLane.finish() }
                await Self.work(through: commands, atMost: self.configuration.maxConcurrentAcknowledgements) {
                    await self.acknowledge($0, then: acknowledgedLane)
                }
            }
            group.addTask {
                await Self.work(through: acknowledged, atMost: self.configuration.maxConcurrentCommands) { await self.handle($0) }
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

    /// Decodes interaction events; everything else is ignored here. Returns at once.
    private func receive(_ dispatch: GatewayDispatch, into continuation: AsyncStream<Interaction>.Continuation,
                         purchases: AsyncStream<(String, Entitlement)>.Continuation) {
        if dispatch.name.hasPrefix("ENTITLEMENT_") {
            do {
                purchases.yield((dispatch.name, try DiscordJSON.decoder().decode(GatewayData<Entitlement>.self, from: dispatch.data).d))
            } catch {
                logger.warning("unreadable entitlement event ignored", metadata: ["error": "\(error)"])
            }
            return
        }
        guard dispatch.name == "INTERACTION_CREATE" else { return }
        do {
            let interaction = try DiscordJSON.decoder().decode(GatewayData<Interaction>.self, from: dispatch.data).d
            guard deduplicator.firstSighting(of: interaction.id) else {
                logger.debug("duplicate interaction ignored", metadata: ["interaction.id": "\(interaction.id)"])
                return
            }
            continuation.yield(interaction)
        } catch {
            logger.warning("unreadable interaction ignored", metadata: ["error": "\(error)"])
        }
    }

    /// Keeps a store purchase from an `ENTITLEMENT_CREATE/UPDATE/DELETE` event.
    private func record(_ entitlement: Entitlement, event: String) async {
        var purchase = translator.purchase(entitlement)
        if event == "ENTITLEMENT_DELETE" { purchase.deleted = true }
        do {
            try await services.entitlements.recordPurchase(purchase)
            logger.info("store entitlement recorded", metadata: ["event": "\(event)", "sku": "\(purchase.skuID)"])
        } catch {
            logger.error("could not record a store entitlement", metadata: ["error": "\(error)", "event": "\(event)"])
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
    private func prepare(_ interaction: Interaction) -> PreparedInteraction? {
        var logger = self.logger
        logger[metadataKey: "interaction.id"] = "\(interaction.id)"
        logger[metadataKey: "guild.id"] = "\(interaction.guildID.map(String.init(describing:)) ?? "dm")"
        guard let context = translator.context(of: interaction) else {
            logger.warning("interaction without user or channel ignored")
            return nil
        }
        let responder = DiscordResponder(interaction: interaction, rest: rest, renderer: renderer, uploads: uploads,
                                         acknowledgements: services.acknowledgements, clock: services.clock, logger: logger)
        return PreparedInteraction(interaction: interaction, context: context, request: translator.request(of: interaction),
                                   responder: responder, logger: logger)
    }

    /// Has the router acknowledge a command (privately exactly when its answer will be), then
    /// queues the command on `next` for its work. Interactions whose first answer is their whole
    /// answer (autocomplete) are answered here.
    private func acknowledge(_ interaction: Interaction, then next: AsyncStream<PreparedInteraction>.Continuation) async {
        guard let prepared = prepare(interaction) else { return }
        do {
            switch prepared.request {
            case let .input(input): try await router.acknowledge(input, context: prepared.context, responder: prepared.responder)
            case .invalid: try await prepared.responder.acknowledge(privately: true)
            case .autocomplete, .ignored: return await handle(prepared)
            }
        } catch {
            // Without its deferral the interaction cannot be answered; the command is not run.
            prepared.logger.error("could not acknowledge a command; it was not run", metadata: ["error": "\(error)"])
            return
        }
        next.yield(prepared)
    }

    /// Works an interaction: a command after its acknowledgement, a button press whole (its
    /// update is its acknowledgement).
    private func handle(_ prepared: PreparedInteraction) async {
        switch prepared.request {
        case let .input(input):
            await router.work(input, context: prepared.context, responder: prepared.responder)
        case let .invalid(error):
            await router.reject(error, responder: prepared.responder)
        case let .autocomplete(option, text):
            await autocomplete(option: option, text: text, interaction: prepared.interaction, context: prepared.context,
                               logger: prepared.logger)
        case .ignored:
            prepared.logger.debug("interaction type not handled", metadata: ["type": "\(prepared.interaction.type.rawValue)"])
        }
    }

    private func autocomplete(option: String, text: String, interaction: Interaction, context: ChatContext, logger: Logger) async {
        do {
            let limit = PayloadLimits.autocompleteChoices
            let choices: [AutocompleteChoice] = if option == "collection" {
                try await services.collections.suggestions(text, in: context.family, limit: limit).map {
                    AutocompleteChoice(name: $0.title.fittingCodePoints(PayloadLimits.choiceName), value: $0.id.rawValue)
                }
            } else {
                try await services.stories.findStories(in: context.family, matching: text, limit: limit).map {
                    AutocompleteChoice(name: $0.title.fittingCodePoints(PayloadLimits.choiceName), value: $0.id.rawValue)
                }
            }
            try await rest.createInteractionResponse(interactionID: interaction.id, token: interaction.token,
                                                     response: .autocomplete(choices))
        } catch {
            logger.warning("autocomplete failed", metadata: ["error": "\(error)"])
        }
    }

    /// Registers commands, retrying transient failures; a rejected token is fatal.
    private func registerCommands() async throws {
        var delay = Duration.seconds(1)
        while true {
            do {
                let applicationID = if let configured = configuration.applicationID { configured } else { try await rest.currentApplication() }
                try await registrar.register(applicationID: applicationID, guildID: configuration.guildID)
                return
            } catch let error as DiscordRESTError where error.isRetryable {
                logger.warning("command registration failed; retrying", metadata: ["error": "\(error)"])
                try await Task.sleep(for: delay)
                delay = min(delay * 2, .seconds(60))
            }
        }
    }
}

/// An interaction read and ready to answer, as it waits in a lane.
private struct PreparedInteraction: Sendable {
    let interaction: Interaction
    let context: ChatContext
    let request: InteractionTranslator.Request
    let responder: DiscordResponder
    let logger: Logger
}
