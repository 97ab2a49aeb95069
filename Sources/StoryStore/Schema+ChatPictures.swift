extension Schema {
    /// Pictures as chats are sent them (issue 32): each picture's chosen form, kept beside it.
    /// `content_type` and `data` are a smaller copy (WebP, else JPEG); both NULL: the stored
    /// picture itself is sent. A picture with no row has no form chosen yet (saved before this
    /// table): it gets one the first time it is sent. Deleted with its picture. Depends on
    /// `image` (v1) only.
    static let chatPictures = """
    CREATE TABLE chat_picture (
        image_id TEXT PRIMARY KEY NOT NULL REFERENCES image(id) ON DELETE CASCADE,
        content_type TEXT CHECK (content_type LIKE 'image/%'),
        data BLOB CHECK (data IS NULL OR length(data) > 0),
        CHECK ((content_type IS NULL) = (data IS NULL))
    );
    """
}
