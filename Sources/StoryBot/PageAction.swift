/// What a button the web chat's page handles itself does (its id starts with `ui:`): the page
/// never sends these presses to the server.
public enum PageAction: String, Sendable, Equatable, CaseIterable {
    /// Opens the page's new-story form (theme, hero, age).
    case newStory = "ui:new-story"
    /// Sends `/help`.
    case help = "ui:help"
    /// Sends `/family invite child`.
    case inviteChild = "ui:invite-child"
}
