import Foundation
import ImageDecoding
import StoryDomain
import Textify

/// Makes a story without a chat and writes it as a static HTML book (`index.html` plus one
/// picture per page) for sharing, printing, or trying the writer and illustrator.
public struct StoryBookExporter: Sendable {
    let writer: any StoryWriter
    let illustrator: any Illustrator

    public init(writer: any StoryWriter, illustrator: any Illustrator) {
        self.writer = writer
        self.illustrator = illustrator
    }

    /// Writes, checks and illustrates `request` (each page shown the previous picture).
    public func make(_ request: StoryRequest) async throws -> (WrittenStory, [Illustration]) {
        let story = try GeneratedStoryChecker().check(try await writer.write(request), for: request)
        var pictures: [Illustration] = []
        for (index, page) in story.pages.enumerated() {
            pictures.append(try await illustrator.illustrate(IllustrationRequest(
                title: story.title, sheet: story.sheet, page: page, pageNumber: index + 1,
                pageCount: story.pages.count, previous: pictures.last, seed: request.seed)))
        }
        return (story, pictures)
    }

    /// Text art in the book: a line drawing in Braille dots, 60 characters across, as the web chat's
    /// `illustrations:text` draws it (shade blocks run together into a grey blob on a phone).
    public static let textArtOptions = TextArtOptions.lineDrawing(columns: 60, palette: .braille)

    /// Writes the book into `directory` (created if needed) and returns the index file's URL.
    /// With `textArt`, each picture is drawn as text art in the page instead of saved as a file.
    @discardableResult
    public func export(_ story: WrittenStory, pictures: [Illustration], to directory: URL,
                       textArt: TextArtOptions? = nil) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var pagesHTML = ""
        for (index, page) in story.pages.enumerated() {
            let number = index + 1
            let alt = Self.escape(PageMoment.altText(scene: page.scene, imagePrompt: page.imagePrompt, sheet: story.sheet))
            var image = ""
            if index < pictures.count, let textArt {
                let art = try PictureTextifier.textArt(of: Array(pictures[index].data), options: textArt)
                image = "<pre class=\"art\" role=\"img\" aria-label=\"Text-art picture: \(alt)\">"
                    + Self.escape(art.text) + "</pre>"
            } else if index < pictures.count {
                let ext = pictures[index].contentType == "image/jpeg" ? "jpg" : "png"
                let file = String(format: "page-%02d.%@", number, ext)
                try pictures[index].data.write(to: directory.appendingPathComponent(file))
                image = "<img src=\"\(file)\" alt=\"\(alt)\" width=\"\(pictures[index].width)\" height=\"\(pictures[index].height)\">"
            }
            let paragraphs = page.text.components(separatedBy: "\n\n").map { "<p>\(Self.escape($0))</p>" }.joined()
            pagesHTML += "<section class=\"page\" id=\"page-\(number)\">\(image)<div class=\"text\">\(paragraphs)</div>"
                + "<footer>page \(number) of \(story.pages.count)</footer></section>\n"
        }
        let html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(Self.escape(story.title))</title>
        <style>
        body { margin: 0; background: #f7f3ea; color: #2b2a33; font: 20px/1.6 Georgia, "DejaVu Serif", serif; }
        header { text-align: center; padding: 2rem 1rem 1rem; }
        h1 { margin: 0; font-size: 2rem; } header p { color: #6b6878; margin: .3rem 0 0; font-size: 1rem; }
        .page { max-width: 48rem; margin: 1.5rem auto; background: #fff; border-radius: 1rem; overflow: hidden;
                box-shadow: 0 .3rem 1.2rem #0002; page-break-after: always; }
        .page img { width: 100%; height: auto; display: block; }
        .page pre.art { margin: 0; padding: 1rem 1.6rem 0; font: clamp(6px, 1.6vw, 15px)/1.05 "DejaVu Sans Mono", Menlo, Consolas, monospace;
                        overflow-x: auto; color: #2b2a33; }
        .text { padding: 1rem 1.6rem .2rem; } footer { text-align: right; color: #8a8797; font-size: .8rem; padding: 0 1.6rem 1rem; }
        </style></head>
        <body><header><h1>\(Self.escape(story.title))</h1><p>A bedtime story for \(Self.escape(story.sheet.hero.name))</p></header>
        \(pagesHTML)</body></html>
        """
        let index = directory.appendingPathComponent("index.html")
        try Data(html.utf8).write(to: index)
        return index
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
