import StoryDomain

/// A platform-neutral command, parsed from typed text or from a platform's structured input.
public enum ChatCommand: Sendable, Equatable {
    /// `/story new theme:… name:… age:… companion:… pages:… language:…`
    case storyNew(StoryRequestDraft)
    /// `/story continue [story:…]` — tonight's chapter: continues the chosen story's chain (a
    /// story id or words of its title), or the family's newest story when `story` is empty.
    case storyContinue(story: String)
    /// `/story library [page]` — 1-based page of the library.
    case storyLibrary(page: Int)
    /// `/story read story:…` — a story id or words of its title.
    case storyRead(story: String)
    /// `/story book story:… format:pdf|epub` — the story as a picture book to keep (PDF by default).
    case storyBook(story: String, format: BookFormat = .pdf)
    /// `/story delete story:…`
    case storyDelete(story: String)
    /// `/story listen story:… page:…` — read a story aloud: a page number or `whole` (the
    /// default); the family's newest story when `story` is empty.
    case storyListen(story: String, page: String?)
    /// `/collection new goal:… name:… age:… stories:… companion:… language:…`
    case collectionNew(CollectionDraft)
    case collectionList
    /// `/collection show collection:…` — an id or words of its title.
    case collectionShow(collection: String)
    case collectionDelete(collection: String)
    /// `/premium grant user:… | server:…, days:…, reason:…` (bot admins).
    case premiumGrant(PremiumTargetInput, days: Int?, reason: String?)
    case premiumRevoke(PremiumTargetInput, reason: String?)
    case premiumStatus(PremiumTargetInput)
    /// `/premium usage days:…`: provider use per family (the service's admins and the install's owner).
    case premiumUsage(days: Int?)
    /// `/settings show` (managers).
    case settingsShow
    /// `/settings set max_pages:… languages:… avoid:… illustrations:… requesters:… role:… timezone:…` (managers).
    case settingsSet(SettingsChange)
    /// `/settings forget` (managers): delete the family's stories and data, after a confirmation.
    case settingsForget
    /// `/family members` (web chat grown-ups): who is in the room.
    case familyMembers
    /// `/family invite role:grown-up|child expires:7d uses:1` (web chat grown-ups): an invite link.
    case familyInvite(role: RoomRole, expires: String?, uses: String?)
    /// `/family invites` (web chat grown-ups): invite links still open.
    case familyInvites
    /// `/family revoke invite:N` (web chat grown-ups): an invite link stops working.
    case familyRevoke(invite: Int64)
    /// `/family remove member:…` (web chat grown-ups): a member leaves; their browser is signed out.
    case familyRemove(member: String)
    /// `/family signout` (any web chat member): signs the asker out on every browser; their open pages close.
    case familySignOut
    /// `/cast add name:… kind:… age:… look:… pronouns:… avoid:…`: a member of the family's cast.
    case castAdd(name: String, kind: String, age: String?, look: String?, pronouns: String? = nil, avoid: String? = nil)
    /// `/cast list`: the family's cast.
    case castList
    /// `/cast show name:…`: portraits (everyone's, or one member's).
    case castShow(name: String?)
    /// `/cast edit name:… kind:… age:… look:… pronouns:…` (the member's creator or a manager).
    case castEdit(name: String, kind: String?, age: String?, look: String?, pronouns: String? = nil, avoid: String? = nil)
    /// `/cast remove name:…` (the member's creator or a manager).
    case castRemove(name: String)
    /// `/bedtime set time:19:30 days:… where:… story:continue|new theme:…` (grown-ups): tonight's story, on time.
    case bedtimeSet(BedtimeScheduleRules.Typed, where: String?)
    /// `/bedtime show` (grown-ups): the family's schedules and their next bedtimes.
    case bedtimeShow
    /// `/bedtime off which:…` (grown-ups): a schedule's number, its time, or `all`.
    case bedtimeOff(which: String)
    /// `/help`: the few things families do first, and a button for the rest.
    case help
    /// `/help more` (or `all`): everything the bot can do.
    case helpMore
}

/// Something a person did in the chat that the bot answers.
public enum ChatInput: Sendable, Equatable {
    case command(ChatCommand)
    /// A button was pressed; the id is the raw `custom_id` the button carried.
    case button(id: String)
}

/// Who asked, and where.
public struct ChatContext: Sendable, Equatable {
    public var family: FamilyRef
    public var channelID: String
    public var user: Requester
    /// May manage the family's settings and delete any story (Discord: Manage Server).
    public var isManager: Bool
    /// The person's roles in the family's server (Discord), for "who may ask for stories".
    public var roleIDs: [String]
    /// Store purchases the platform sent with this input (Discord entitlements).
    public var purchases: [PurchasedEntitlement]
    /// The person is a child member (the web chat's child role): the stories they ask for, and
    /// the reading aloud they start, are children's (``StoryAudience``).
    public var isChild: Bool

    public init(family: FamilyRef, channelID: String, user: Requester, isManager: Bool, roleIDs: [String] = [],
                purchases: [PurchasedEntitlement] = [], isChild: Bool = false) {
        self.isChild = isChild
        self.family = family
        self.channelID = channelID
        self.user = user
        self.isManager = isManager
        self.roleIDs = roleIDs
        self.purchases = purchases
    }
}
