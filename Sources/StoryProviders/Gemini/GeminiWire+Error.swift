extension GeminiWire {
    /// The body of every non-2xx answer: `{"error": {code, message, status, details}}`.
    struct ErrorEnvelope: Decodable, Sendable {
        var error: Status?
    }

    /// A `google.rpc.Status`.
    struct Status: Decodable, Sendable {
        var code: Int?
        var message: String?
        /// The stable key: `INVALID_ARGUMENT`, `RESOURCE_EXHAUSTED`, `NOT_FOUND`…
        var status: String?
        var details: [Detail]?
    }

    /// One entry of `details`; which fields are present depends on `type`.
    struct Detail: Decodable, Sendable {
        /// `type.googleapis.com/google.rpc.RetryInfo`, `…QuotaFailure`, `…ErrorInfo`…
        var type: String?
        /// ErrorInfo: `API_KEY_INVALID`…
        var reason: String?
        /// RetryInfo: `"37s"`, `"34.07s"`, `"500ms"`.
        var retryDelay: String?
        /// QuotaFailure.
        var violations: [QuotaViolation]?

        enum CodingKeys: String, CodingKey {
            case type = "@type", reason, retryDelay, violations
        }
    }

    struct QuotaViolation: Decodable, Sendable {
        var quotaMetric: String?
        var quotaId: String?
    }
}
