import DiscordModels
import Foundation

/// Everything the REST side remembers: interactions, messages, commands and denied permissions.
struct SimulatorStore: Sendable {
    var interactions = InteractionLedger()
    var messages = MessageStore()
    var commands = CommandStore()
    var polls = PollLedger()
    var deniedPermissions: [Snowflake: Permissions] = [:]
    var directMessages = DirectMessageLedger()
    /// Group DMs where the app is present through a user install, and the app's own emojis.
    var userInstalls = UserInstallLedger()
    var appEmojis = AppEmojiLedger()
    /// How long requests to a route (a template, `METHOD template`, or a prefix) are held before being answered.
    var responseDelays: [String: Duration] = [:]
    /// Errors to answer the next requests to a route with, as ``DiscordSimulator/injectError(route:status:code:message:count:)`` set them.
    var injectedErrors: [InjectedError] = []
    /// Channel messages by `channel|nonce`, for `enforce_nonce`: Discord returns the message
    /// already created with the same nonce (by the same author, within a few minutes).
    var messagesByNonce: [String: Snowflake] = [:]
    /// Files people uploaded through modals, served at their CDN `url` (``ModalUploadEndpoint``).
    var modalUploads: [Snowflake: ModalUpload] = [:]

    /// The error injected for the next request to `route`, used up as it is returned.
    mutating func takeInjectedError(for route: RESTRoute) -> DiscordAPIError? {
        guard let index = injectedErrors.firstIndex(where: { route.matches($0.route) && $0.remaining > 0 }) else { return nil }
        injectedErrors[index].remaining -= 1
        let error = injectedErrors[index].error
        if injectedErrors[index].remaining == 0 { injectedErrors.remove(at: index) }
        return error
    }

    /// 403 `50013` when the channel denies attaching files or embedding links and the message does so.
    func checkPermissions(channelID: Snowflake?, payload: MessagePayload?, files: [UploadedFile]) throws(DiscordAPIError) {
        guard let channelID, let denied = deniedPermissions[channelID] else { return }
        if denied.contains(.attachFiles) && !files.isEmpty { throw .missingPermissions }
        if denied.contains(.embedLinks) && !(payload?.embeds ?? []).isEmpty { throw .missingPermissions }
    }
}

/// An error the simulator answers the next `remaining` requests to `route` with.
struct InjectedError: Sendable {
    var route: String
    var error: DiscordAPIError
    var remaining: Int
}

/// What the REST endpoints share.
struct SimulatorEnvironment: Sendable {
    let configuration: DiscordSimulator.Configuration
    let store: WaitableState<SimulatorStore>
    let clock: SimulatorClock
    let identifiers: IdentifierGenerator

    var messageValidator: MessageValidator { MessageValidator(maxFileSize: configuration.maxFileSize) }
    var callbackValidator: CallbackValidator { CallbackValidator(messages: messageValidator) }

    /// Stored attachments for uploaded files, named by their `attachments` entry when there is one.
    func attachments(for files: [UploadedFile], payload: MessagePayload?) -> [SimulatedAttachment] {
        files.map { file in
            let reference = payload?.attachments?.first { $0.id == String(file.index) }
            return SimulatedAttachment(id: identifiers.snowflake(), filename: reference?.filename ?? file.filename,
                                       contentType: file.contentType, data: file.data, description: reference?.description,
                                       durationSecs: reference?.durationSecs, waveform: reference?.waveform)
        }
    }

    /// Runs `body` on the store under its lock, turning a thrown error into the result.
    func withStore<Result: Sendable>(_ body: (inout SimulatorStore) throws(DiscordAPIError) -> Result) throws(DiscordAPIError)
        -> Result
    {
        try store.update { state in
            Swift.Result { () throws(DiscordAPIError) in try body(&state) }
        }.get()
    }
}
