/// What became of one delivery of a story's progress or result.
public enum DeliveryOutcome: Sendable, Equatable {
    /// The platform accepted a message that carries the reply. `movedTo` is where later edits
    /// of the story's message go when that changed (the message got its id, or delivery moved
    /// to a channel message after the interaction's token died); nil when unchanged.
    case shown(movedTo: DeliveryAddress?)
    /// Nothing was shown and nothing needed to be (no platform or nobody waiting).
    case skipped
    /// The platform refused the reply in every form it was tried; the family was told kindly
    /// where that was possible. `reason` is for the log.
    case refused(reason: String)
}
