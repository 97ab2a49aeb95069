import ArgumentParser
import Foundation
import ImageDecoding
import Textify

extension TextArtPalette: ExpressibleByArgument {}

/// `magical-stories textify IMAGE`: prints any PNG, JPEG or WebP picture as text art.
struct TextifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "textify", abstract: "Print a PNG, JPEG or WebP picture as text art.")

    @Argument(help: "The picture file.") var image: String
    @Option(help: "Characters across (\(TextArtLayout.columnRange.lowerBound)–\(TextArtLayout.columnRange.upperBound)).")
    var width = 60
    @Option(help: "shapes (ASCII matched to each cell's shape), ascii (a ten-tone ramp), blocks or braille (2×4 dots per character).")
    var palette = TextArtPalette.shapes
    @Flag(help: "Floyd–Steinberg dithering: smooth tones as a mix of characters.") var dither = false
    @Flag(help: "Dense characters for dark parts, for light backgrounds.") var invert = false
    @Flag(help: "A line drawing of the picture's outlines, the same on dark and light backgrounds.") var outline = false
    @Option(help: "Spread the tones evenly, 0 (not at all) to 1 (fully).") var equalize: Float = 0.8
    @Option(help: "Contrast (1 leaves it alone).") var contrast: Float = 1
    @Option(help: "Gamma (above 1 lightens the middle tones).") var gamma: Float = 1
    @Flag(name: .customLong("code-block"), help: "Wrap the art in ``` fences, as a chat message.") var codeBlock = false

    func validate() throws {
        guard TextArtLayout.columnRange.contains(width) else {
            throw ValidationError("--width must be between \(TextArtLayout.columnRange.lowerBound) and \(TextArtLayout.columnRange.upperBound).")
        }
    }

    func run() {
        guard let bytes = FileManager.default.contents(atPath: image) else {
            Self.fail("I couldn't read \(image): is the path right?")
        }
        let options = TextArtOptions(columns: width, palette: palette, dither: dither, invert: invert,
                                     tone: ToneAdjustment(autoLevels: true, equalization: equalize, contrast: contrast, gamma: gamma),
                                     outline: outline)
        do {
            let art = try PictureTextifier.textArt(of: Array(bytes), options: options)
            print(codeBlock ? art.codeBlock : art.text)
        } catch {
            Self.fail("\(image): \(error)")
        }
    }

    /// Says what went wrong on standard error and exits with status 1 (no usage text).
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        Foundation.exit(1)
    }
}
