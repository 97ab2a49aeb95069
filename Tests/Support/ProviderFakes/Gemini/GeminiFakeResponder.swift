import Foundation

/// Decides the fake's answer to one well-formed request: the normal answer, or the one the
/// queued fault asks for.
struct GeminiFakeResponder: Sendable {
    let kind: GeminiFake.Kind
    let model: String
    let method: String
    let body: GeminiFakeJSON
    let userText: String
    /// 1-based number of the request of its kind, to vary the pictures.
    let sequence: Int

    func answer(_ fault: GeminiFakeFault?) -> (status: Int, body: GeminiFakeJSON) {
        switch fault {
        case let .rateLimited(retryDelay): (429, GeminiFakeAnswers.rateLimited(model: model, retryDelay: retryDelay))
        case .dailyQuota: (429, GeminiFakeAnswers.dailyQuota(model: model))
        case .unavailable:
            (503, GeminiFakeAnswers.error(code: 503, status: "UNAVAILABLE",
                                          message: "The model is overloaded. Please try again later."))
        case .internalError:
            (500, GeminiFakeAnswers.error(code: 500, status: "INTERNAL",
                                          message: "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting"))
        case .notFound: (404, GeminiFakeAnswers.notFound(model: model, method: method))
        case nil, .tooSlow: (200, normal())
        default: (200, kind == .imagen ? imagenFailure() : failure(fault))
        }
    }

    private func normal() -> GeminiFakeJSON {
        switch kind {
        case .text:
            let text = storyJSON(pages: pageCount)
            return candidate([["text": .string(text)]], finish: "STOP", characters: text.count)
        case .image:
            let thoughtSketch = GeminiFakePNG.solid(width: 64, height: 64, red: 200, green: 200, blue: 200)
            let png = picture(width: 96, height: 64)
            return candidate([GeminiFakeAnswers.picture(thoughtSketch, thought: true), ["text": "Here is your illustration."],
                              GeminiFakeAnswers.picture(png)], finish: "STOP", characters: 1290)
        case .imagen:
            return GeminiFakeAnswers.prediction(picture(width: 96, height: 72))
        }
    }

    private func failure(_ fault: GeminiFakeFault?) -> GeminiFakeJSON {
        switch fault {
        case .blockedPrompt: return GeminiFakeAnswers.blockedPrompt(promptText: userText, model: model)
        case .safetyFinish: return candidate(nil, finish: "SAFETY", characters: 0)
        case .imageSafety: return candidate(nil, finish: "IMAGE_SAFETY", characters: 0)
        case .truncated:
            let text = storyJSON(pages: pageCount)
            let cut = String(text.prefix(text.count / 2))
            return candidate([["text": .string(cut)]], finish: "MAX_TOKENS", characters: cut.count)
        case .malformedJSON:
            let text = "Once upon a time there was a very sleepy story that forgot to be JSON."
            return candidate([["text": .string(text)]], finish: "STOP", characters: text.count)
        case .wrongPageCount:
            let text = storyJSON(pages: pageCount == 1 ? 2 : pageCount - 1)
            return candidate([["text": .string(text)]], finish: "STOP", characters: text.count)
        case .unsafeStory:
            let text = storyJSON(pages: pageCount, unsafe: true)
            return candidate([["text": .string(text)]], finish: "STOP", characters: text.count)
        default: // .noImage
            let text = "I would love to help, but I can only describe this picture: a calm evening meadow."
            return candidate([["text": .string(text)]], finish: "STOP", characters: text.count)
        }
    }

    /// Imagen reports a refusal as a prediction with only a reason, or as `{}`.
    private func imagenFailure() -> GeminiFakeJSON {
        body["parameters"]?["includeRaiReason"]?.bool == true ? GeminiFakeAnswers.raiFiltered : [:]
    }

    private func candidate(_ parts: [GeminiFakeJSON]?, finish: String, characters: Int) -> GeminiFakeJSON {
        GeminiFakeAnswers.candidate(parts: parts, finishReason: finish, promptText: userText, outputCharacters: characters,
                                    model: model)
    }

    /// From the schema's `minItems`, else the request data, else 5.
    private var pageCount: Int {
        let schema = body["generationConfig"]?["responseSchema"]?["properties"]?["pages"]
        return schema?["minItems"]?.intAllowingString ?? GeminiFakeStoryWriter(userText: userText).pagesAsked ?? 5
    }

    private func storyJSON(pages: Int, unsafe: Bool = false) -> String {
        String(decoding: GeminiFakeStoryWriter(userText: userText).story(pages: pages, unsafe: unsafe).encoded, as: UTF8.self)
    }

    /// A solid picture whose colour changes with every request.
    private func picture(width: Int, height: Int) -> Data {
        let shade = UInt8(truncatingIfNeeded: 40 + sequence * 37)
        return GeminiFakePNG.solid(width: width, height: height, red: shade, green: 120, blue: 255 &- shade)
    }
}
