/// The JSON of Imagen's legacy `POST models/{model}:predict`. Response fields are optional.
enum ImagenWire {
    struct PredictRequest: Encodable, Sendable {
        var instances: [Instance]
        var parameters: Parameters
    }

    struct Instance: Encodable, Sendable {
        var prompt: String
    }

    struct Parameters: Encodable, Sendable {
        var sampleCount: Int
        var aspectRatio: String
        var personGeneration: String
        var safetySetting: String
        var includeRaiReason: Bool
    }

    /// `{}` (every picture filtered, no reason) is a valid answer.
    struct PredictResponse: Decodable, Sendable {
        var predictions: [Prediction]?
    }

    /// A picture, or, when filtered, only `raiFilteredReason`.
    struct Prediction: Decodable, Sendable {
        var bytesBase64Encoded: String?
        var mimeType: String?
        var raiFilteredReason: String?
    }
}
