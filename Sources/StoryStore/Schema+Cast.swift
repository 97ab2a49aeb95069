extension Schema {
    /// The family's cast (issue 20): up to 12 members per family, unique by `name_key` (the name
    /// lower-cased), deleted with the family (foreign key). A member's portrait is a picture in
    /// `image`, stored once by its hash like a page's; pictures no page or member uses are deleted.
    static let cast = """
    CREATE TABLE cast_member (
        family_id INTEGER NOT NULL REFERENCES family(id) ON DELETE CASCADE,
        name_key TEXT NOT NULL CHECK (length(name_key) BETWEEN 1 AND 160),
        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
        kind TEXT NOT NULL CHECK (length(kind) BETWEEN 1 AND 20),
        age INTEGER CHECK (age BETWEEN 0 AND 17),
        look TEXT NOT NULL CHECK (length(look) <= 80),
        created_by TEXT NOT NULL CHECK (length(created_by) BETWEEN 1 AND 100),
        portrait_id TEXT REFERENCES image(id),
        created_at DATETIME NOT NULL,
        PRIMARY KEY (family_id, name_key)
    );
    CREATE INDEX cast_member_by_portrait ON cast_member(portrait_id);
    """
}
