import DiscordModels
import Foundation

/// Checks an outgoing message the way Discord does before accepting it.
struct MessageValidator: Sendable {
    enum Operation: Sendable {
        /// A new message: must not be empty.
        case create
        /// An edit: every field optional; `attachments` may keep existing files. `message`: the
        /// message edited (its flags and content), when known.
        case edit(existing: [SimulatedAttachment], message: SimulatedMessage? = nil)
    }

    private static let creatableFlags = SimulatedMessage.Flag.suppressEmbeds | SimulatedMessage.Flag.ephemeral
        | 1 << 12 | 1 << 13 | SimulatedMessage.Flag.componentsV2
    private static let editableFlags = SimulatedMessage.Flag.suppressEmbeds | SimulatedMessage.Flag.ephemeral
        | SimulatedMessage.Flag.componentsV2
    private static let embeddableExtensions = ["jpg", "jpeg", "png", "webp", "gif"]

    let maxFileSize: Int

    /// Throws Discord's error for the first problem; `path` prefixes error paths (`data` in callbacks).
    func validate(_ payload: MessagePayload, files: [UploadedFile], operation: Operation, path: [String] = [])
        throws(DiscordAPIError)
    {
        guard files.allSatisfy({ $0.data.count <= maxFileSize }) else { throw .fileTooLarge }
        guard files.count <= PayloadLimits.attachments else { throw .tooManyAttachments }
        if case let .failure(error) = Result(catching: { () throws(PayloadLimitError) in try payload.validate() }) {
            throw .invalidFormBody(at: path + Self.path(ofField: error.field), code: "BASE_TYPE_MAX_LENGTH",
                                   message: "Must be \(error.limit) or fewer in length.")
        }
        try validateFlags(payload.flags ?? 0, operation: operation, path: path)
        let edited: SimulatedMessage? = if case let .edit(_, message) = operation { message } else { nil }
        let layout = payload.isComponentsV2 || (edited?.flags ?? 0) & SimulatedMessage.Flag.componentsV2 != 0
        if layout { try validateLayoutMessage(payload, edited: edited, path: path) }
        let filenames = try attachedFilenames(payload, files: files, operation: operation, path: path)
        try ComponentValidator(path: path + ["components"]).validate(payload.components ?? [], componentsV2: layout, filenames: filenames)
        try validateEmbedImages(payload.embeds ?? [], filenames: filenames, path: path)
        if let poll = payload.poll { try validatePoll(poll, flags: payload.flags ?? 0, operation: operation, path: path + ["poll"]) }
        if case .create = operation, Self.isEmpty(payload, files: files), payload.poll == nil { throw .emptyMessage }
        if (payload.flags ?? 0) & SimulatedMessage.Flag.voiceMessage != 0 { try validateVoiceMessage(payload, files: files, path: path) }
    }

    /// A poll as Discord checks it: on a new message only, never with the components-v2 layout
    /// flag; 1–10 answers of at most 55 characters, a question of at most 300, whole hours 1–768.
    private func validatePoll(_ poll: PollCreate, flags: Int, operation: Operation, path: [String]) throws(DiscordAPIError) {
        func refuse(_ field: [String], _ code: String, _ message: String) -> DiscordAPIError {
            .invalidFormBody(at: path + field, code: code, message: message)
        }
        if case .edit = operation { throw refuse([], "POLL_CANNOT_BE_EDITED", "A message's poll cannot be edited.") }
        guard flags & SimulatedMessage.Flag.componentsV2 == 0 else {
            throw refuse([], "POLL_WITH_COMPONENTS_V2", "Polls cannot be sent in a components-v2 message.")
        }
        guard (1...PollCreate.maxQuestionLength).contains(poll.question.text.codePointCount) else {
            throw refuse(["question", "text"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and \(PollCreate.maxQuestionLength) in length.")
        }
        guard (1...PollCreate.maxAnswers).contains(poll.answers.count) else {
            throw refuse(["answers"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and \(PollCreate.maxAnswers) in length.")
        }
        for (index, answer) in poll.answers.enumerated() where !(1...PollCreate.maxAnswerLength).contains(answer.pollMedia.text.codePointCount) {
            throw refuse(["answers", "\(index)", "poll_media", "text"], "BASE_TYPE_BAD_LENGTH",
                         "Must be between 1 and \(PollCreate.maxAnswerLength) in length.")
        }
        guard PollCreate.durationRange.contains(poll.duration) else {
            throw refuse(["duration"], "NUMBER_TYPE_OUT_OF_RANGE", "Must be between 1 and 768 hours.")
        }
        guard poll.layoutType ?? 1 == 1 else { throw refuse(["layout_type"], "BASE_TYPE_CHOICES", "Value must be one of (1,).") }
    }

    /// A layout message (flag `IS_COMPONENTS_V2`, set now or before): no `content`, no `embeds`
    /// (a classic message becoming one must have them emptied), and the flag is never removed.
    private func validateLayoutMessage(_ payload: MessagePayload, edited: SimulatedMessage?, path: [String]) throws(DiscordAPIError) {
        func refuse(_ field: String) -> DiscordAPIError {
            .invalidFormBody(at: path + [field], code: "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                             message: "The '\(field)' field cannot be used when using MessageFlags.IS_COMPONENTS_V2")
        }
        if let flags = payload.flags, flags & SimulatedMessage.Flag.componentsV2 == 0 {
            throw .invalidFormBody(at: path + ["flags"], code: "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
                                   message: "The IS_COMPONENTS_V2 flag cannot be removed from a message.")
        }
        let content = payload.content ?? edited?.content ?? ""
        if !content.isEmpty { throw refuse("content") }
        if !(payload.embeds ?? edited?.embeds ?? []).isEmpty { throw refuse("embeds") }
    }

    /// A voice message: one Ogg audio file whose `attachments` entry has `duration_secs` and a
    /// base64 `waveform` of at most 256 bytes; no content, embeds or components.
    private func validateVoiceMessage(_ payload: MessagePayload, files: [UploadedFile], path: [String]) throws(DiscordAPIError) {
        func refuse(_ field: String, _ message: String) -> DiscordAPIError {
            .invalidFormBody(at: path + [field], code: "VOICE_MESSAGE_INVALID", message: message)
        }
        guard (payload.content ?? "").isEmpty, (payload.embeds ?? []).isEmpty, (payload.components ?? []).isEmpty else {
            throw refuse("content", "Voice messages cannot have content, embeds or components.")
        }
        guard files.count == 1, let file = files.first, file.contentType.hasPrefix("audio/ogg") || file.filename.hasSuffix(".ogg") else {
            throw refuse("attachments", "A voice message has exactly one Ogg audio attachment.")
        }
        let reference = payload.attachments?.first { $0.id == String(file.index) }
        guard let duration = reference?.durationSecs, duration > 0 else { throw refuse("attachments", "duration_secs is required.") }
        guard let waveform = reference?.waveform, let bytes = Data(base64Encoded: waveform), (1...256).contains(bytes.count) else {
            throw refuse("attachments", "waveform must be base64 of 1 to 256 bytes.")
        }
    }

    private func validateFlags(_ flags: Int, operation: Operation, path: [String]) throws(DiscordAPIError) {
        let allowed = switch operation {
        case .create: Self.creatableFlags
        case .edit: Self.editableFlags
        }
        if flags & ~allowed != 0 {
            throw .invalidFormBody(at: path + ["flags"], code: "MESSAGE_FLAGS_INVALID", message: "Invalid flags.")
        }
    }

    /// Names usable as `attachment://…`: uploads (named by their `attachments` entry or part) and kept files.
    private func attachedFilenames(_ payload: MessagePayload, files: [UploadedFile], operation: Operation, path: [String])
        throws(DiscordAPIError) -> Set<String>
    {
        let existing: [SimulatedAttachment] = if case let .edit(existing, _) = operation { existing } else { [] }
        var names = Set(files.map(\.filename))
        if payload.attachments == nil { names.formUnion(existing.map(\.filename)) }
        for (index, reference) in (payload.attachments ?? []).enumerated() {
            if let kept = existing.first(where: { $0.id.description == reference.id }) {
                names.insert(kept.filename)
            } else if let upload = files.first(where: { String($0.index) == reference.id }) {
                names.insert(reference.filename ?? upload.filename)
            } else {
                throw .invalidFormBody(at: path + ["attachments", String(index), "id"], code: "ATTACHMENT_NOT_FOUND",
                                       message: "Attachment \(reference.id) matches no files[n] part or existing attachment.")
            }
        }
        return names
    }

    private func validateEmbedImages(_ embeds: [Embed], filenames: Set<String>, path: [String]) throws(DiscordAPIError) {
        for (index, embed) in embeds.enumerated() {
            guard let url = embed.image?.url else { continue }
            let at = path + ["embeds", String(index), "image", "url"]
            if url.hasPrefix("attachment://") {
                let name = String(url.dropFirst("attachment://".count))
                let fileExtension = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
                guard filenames.contains(name), Self.embeddableExtensions.contains(fileExtension) else {
                    throw .invalidFormBody(at: at, code: "ATTACHMENT_NOT_FOUND",
                                           message: "\(url) matches no uploaded image in this request.")
                }
            } else if !(url.hasPrefix("https://") || url.hasPrefix("http://")) {
                throw .invalidFormBody(at: at, code: "URL_TYPE_INVALID_URL", message: "Not a well formed URL.")
            }
        }
    }

    private static func isEmpty(_ payload: MessagePayload, files: [UploadedFile]) -> Bool {
        (payload.content ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && (payload.embeds ?? []).isEmpty
            && (payload.components ?? []).isEmpty && files.isEmpty
    }

    /// `embeds[0].title` → `embeds/0/title`; `components[1][2].label` → `components/1/components/2/label`.
    static func path(ofField field: String) -> [String] {
        var parts = field.split(separator: " ").first.map(String.init)?
            .split(whereSeparator: { "[].".contains($0) }).map(String.init) ?? [field]
        if parts.first == "components", parts.count >= 3, Int(parts[2]) != nil { parts.insert("components", at: 2) }
        return parts
    }
}
