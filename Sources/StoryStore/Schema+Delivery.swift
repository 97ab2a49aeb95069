extension Schema {
    /// Delivery that survives restarts: one job per platform request (a request seen again
    /// after a restart finds its story instead of making a second one), and durable receipts of
    /// acknowledged interactions (a restarted bot never acknowledges one twice).
    static let deliveryReceipts = """
    ALTER TABLE job ADD COLUMN request_key TEXT CHECK (request_key IS NULL OR length(request_key) BETWEEN 1 AND 128);
    CREATE UNIQUE INDEX job_by_request ON job(request_key) WHERE request_key IS NOT NULL;

    CREATE TABLE acknowledgement (
        platform TEXT NOT NULL CHECK (length(platform) BETWEEN 1 AND 32),
        interaction_id TEXT NOT NULL CHECK (length(interaction_id) BETWEEN 1 AND 64),
        privately BOOLEAN NOT NULL CHECK (privately IN (0, 1)),
        acknowledged_at DATETIME NOT NULL,
        PRIMARY KEY (platform, interaction_id)
    );
    CREATE INDEX acknowledgement_by_age ON acknowledgement(acknowledged_at);
    """
}
