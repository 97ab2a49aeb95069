import GRDB
import StoryDomain

/// A platform is stored as its raw value (`discord`, `web`).
extension Platform: DatabaseValueConvertible, StatementColumnConvertible {}
