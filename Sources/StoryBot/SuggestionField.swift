/// The options the bot suggests values for while a person types them.
public enum SuggestionField: String, Sendable, Equatable {
    /// A story of the family (`/story read`, `/story delete`).
    case story
    /// A Growth Collection of the family (`/collection show`, `/collection delete`).
    case collection
    /// A member of the family's cast (`/cast show`, `/cast edit`, `/cast remove`).
    case castMember = "name"
}
