/// The answer to one ask for a turn counted in the database (an identify turn, a request under the
/// global REST limit).
public enum PostgresTurn: Sendable, Equatable {
    /// Granted now (and counted).
    case granted
    /// Not now; ask again after this long (by the database's clock).
    case wait(Duration)
}
