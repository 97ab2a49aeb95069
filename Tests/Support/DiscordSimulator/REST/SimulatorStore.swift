import DiscordModels
import Foundation

/// Everything the REST side remembers: interactions, messages, commands and denied permissions.
struct SimulatorStore: Sendable {
    var interactions = InteractionLedger()
    var messages = MessageStore()
    var commands = CommandStore()
    var deniedPermissions: [Snowflake: Permissions] = [:]
    /// How long requests to a route (a template, `METHOD template`, or a prefix) are held before being answered.
    var responseDelays: [String: Duration] = [:]

    /// 403 `50013` when the channel denies attaching files or embedding links and the message does so.
    func checkPermissions(channelID: Snowflake?, payload: MessagePayload?, files: [UploadedFile]) throws(DiscordAPIError) {
        guard let channelID, let denied = deniedPermissions[channelID] else { return }
        if denied.contains(.attachFiles) && !files.isEmpty { throw .missingPermissions }
        if denied.contains(.embedLinks) && !(payload?.embeds ?? []).isEmpty { throw .missingPermissions }
    }
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
                                       contentType: file.contentType, data: file.data, description: reference?.description)
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
