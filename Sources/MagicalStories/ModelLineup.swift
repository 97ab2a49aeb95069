import AsyncHTTPClient
import Logging
import Operations
import StoryDomain
import StoryProviders

/// The writers and illustrators as configured: the family's, and children's where the family's
/// provider's terms exclude children (``ChildrenProviders``), every model call counted in the
/// usage ledger under the day's budgets.
struct ModelLineup {
    /// Counts every model request and holds the day's budgets.
    let meter: ModelCallMeter
    /// Writes a story: the family's writer, or the children's for a children's story.
    let writer: any StoryWriter
    /// The writer of children's stories (the family's when it may).
    let childrenWriter: any StoryWriter
    /// Paints a story: the family's illustrator, or the children's for a children's story.
    let painter: any Illustrator
    /// The built-in illustrator, also the fallback of a model illustrator.
    let offlineIllustrator: OfflineIllustrator
    /// Whether pictures come from a model (else from the built-in illustrator).
    let usesModelPictures: Bool
    /// Whether a children's story calls no model.
    let childrenCostNothing: Bool
    /// Told of each failed provider call and whether it is retried (metrics).
    let failed: @Sendable (ProviderError, Bool) -> Void
    let logger: Logger

    /// - Parameters:
    ///   - writer: the writer to use instead of the configured one (tests).
    ///   - illustrator: the illustrator to use instead of the configured one (tests).
    init(config: AppConfig, store: AppStore, httpClient: HTTPClient?, metrics: ServiceMetrics, clock: any WallClock, logger: Logger,
         writer: (any StoryWriter)?, illustrator: (any Illustrator)?) {
        self.logger = logger
        let failed: @Sendable (ProviderError, Bool) -> Void = { metrics.providerFailed($0, willRetry: $1) }
        self.failed = failed
        let meter = ModelCallMeter(ledger: store.modelCalls, budget: config.spend.modelBudget, clock: clock,
                                   onEvent: { metrics.modelCalls($0) })
        self.meter = meter
        // Children's stories never go to a provider whose terms exclude children (Gemini's).
        let children = ChildrenProviders(config)
        let childrenConfig = children.configuration(from: config)
        let familyWriter = writer ?? ProviderFactory.writer(config, httpClient: httpClient, logger: logger, onFailure: failed, meter: meter)
        childrenWriter = children.writer == .same ? familyWriter
            : ProviderFactory.writer(childrenConfig, httpClient: httpClient, logger: logger, onFailure: failed, meter: meter)
        self.writer = children.writer == .same ? familyWriter : AudienceRoutedWriter(family: familyWriter, children: childrenWriter)
        let illustrator = illustrator ?? ProviderFactory.illustrator(config, httpClient: httpClient, logger: logger,
                                                                     onFailure: failed, meter: meter)
        let childrenIllustrator = children.illustrator == .same ? illustrator
            : ProviderFactory.illustrator(childrenConfig, httpClient: httpClient, logger: logger, onFailure: failed, meter: meter)
        // Built-in pages come with their WebP chat form, written from the canvas (no PNG decoded again).
        let offline = OfflineIllustrator(width: config.imageWidth, height: config.imageHeight, writesChatForms: true)
        offlineIllustrator = offline
        usesModelPictures = config.imageProvider != .offline
        painter = children.illustrator == .same ? illustrator ?? offline
            : AudienceRoutedIllustrator(family: illustrator ?? offline, children: childrenIllustrator ?? offline)
        childrenCostNothing = childrenConfig.storyProvider == .offline
    }

    /// The illustrator a failed model picture falls back to (none when pictures are built in).
    var fallbackIllustrator: (any Illustrator)? { usesModelPictures ? offlineIllustrator : nil }
}
