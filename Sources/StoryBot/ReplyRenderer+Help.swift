import StoryDomain

extension ReplyRenderer {
    /// The short help: the five things families do first, fitting one phone screen, and a
    /// button for the rest (``helpMore(platform:)``).
    public func help(platform: Platform) -> ChatReply {
        let chat = platforms[platform]
        let ask = chat.receivesPlainMessages ? " You can also just ask: *please tell Mia a story about a dragon*." : ""
        let family = chat.hasRooms
            ? "🏠 **/family invite** `child` — a link for someone new to join \(chat.thisFamily)."
            : "🌱 **/collection new** `goal:bravery name:Mia` — a series of stories toward a goal, one each night."
        return ChatReply(text: """
        🌙 **Magical Stories** — bedtime stories with pictures, made for your family.

        ✨ **/story new** `a sleepy dragon name:Mia age:5` — a new story.\(ask)
        📚 **/story library** — your family's stories; 📖 opens one again.
        🔊 **/story listen** — hear the newest story read aloud (or 🔊 under a page).
        🎭 **/cast add** `name:Leo kind:child age:5` — your family as the heroes, then `/story new … cast:Leo`.
        \(family)

        **/help more** shows everything else: chapters, picture books, parental controls and more.
        """, buttons: [[ChatButton(.moreHelp, label: "More…")]], isPrivate: true)
    }

    /// Everything the bot can do, in the platform's words (web chat rooms have grown-ups and invites).
    public func helpMore(platform: Platform) -> ChatReply {
        let family = platforms[platform].helpFamilySection
        return ChatReply(text: """
        🌙 **Magical Stories** — illustrated bedtime stories, written just for your family.

        **/story new** `theme:"a sleepy dragon" name:Mia age:5` — a new story. Also `companion:` (a favourite friend), \
        `pages:` (3–12) and `language:`.
        **/story continue** `story:Moon` — tonight's chapter: the same friends and world, a new little adventure \
        (your newest story when none is named). ▶ *Next chapter* on a story's last page does the same.
        **/story library** — your family's stories, newest first (chapters together, in order).
        **/story read** `story:Moon` — open a story again at page 1.
        **/story book** `story:Moon` — a story as a picture book to keep and print (`format:epub` for e-readers).
        **/story listen** `story:Moon page:2` — hear a page read aloud, or `page:whole` for the whole story (also 🔊 under each page).
        **/story delete** `story:Moon` — delete a story (I'll ask first).
        **/collection new** `goal:bravery name:Mia age:5 stories:5` — a Growth Collection: a series of stories toward a goal, \
        one each night (premium). **/collection list**, **/collection show**, **/collection delete**.
        **/cast add** `name:Leo kind:child age:5 look:curly red hair, green pyjamas` — your family's own characters (up to 12), \
        then `/story new theme:… cast:Leo,Max` makes them the heroes; `pronouns:he`, `she` or `they` (else stories use the name). \
        **/cast list**, **/cast show** (portraits), **/cast edit**, **/cast remove**.
        \(family)

        Use ⏮ ◀ ▶ under a page to turn pages — anyone here can, so you can read together. Sweet dreams! ✨
        """, isPrivate: true)
    }
}
