import Testing
@testable import Textify

@Suite("Textify: grayscale buffer, resampling and tone")
struct GrayImageTests {
    @Test("Colour becomes Rec. 709 luminance; transparency is blended over the background")
    func luminance() throws {
        let rgb = try #require(GrayImage(width: 3, height: 1, channels: 3, bytes: [255, 0, 0, 0, 255, 0, 0, 0, 255]))
        #expect(abs(rgb[0, 0] - 0.2126) < 1e-4)
        #expect(abs(rgb[1, 0] - 0.7152) < 1e-4)
        #expect(abs(rgb[2, 0] - 0.0722) < 1e-4)
        let rgba = try #require(GrayImage(width: 2, height: 1, channels: 4, bytes: [0, 0, 0, 0, 0, 0, 0, 255]))
        #expect(rgba.pixels == [1, 0])
        let onBlack = try #require(GrayImage(width: 1, height: 1, channels: 2, bytes: [255, 128], background: 0))
        #expect(abs(onBlack[0, 0] - 128 / 255) < 1e-4)
        #expect(GrayImage(width: 2, height: 2, channels: 3, bytes: [1, 2, 3]) == nil)
        #expect(GrayImage(width: 1, height: 1, channels: 5, bytes: [1, 2, 3, 4, 5]) == nil)
    }

    @Test("Resampling averages what each new pixel covers, also at uneven ratios")
    func resampling() throws {
        let checker = try #require(GrayImage(width: 4, height: 4) { x, y in (x + y) % 2 == 0 ? 1 : 0 })
        #expect(checker.resampled(width: 2, height: 2).pixels == [0.5, 0.5, 0.5, 0.5])
        let stripes = try #require(GrayImage(width: 3, height: 1) { x, _ in x == 1 ? 1 : 0 })
        // Two target pixels over three: each covers 1.5 source pixels, half of the middle one.
        let halves = stripes.resampled(width: 2, height: 1).pixels
        #expect(halves.allSatisfy { abs($0 - 1.0 / 3) < 1e-5 })
        let gradient = TestPictures.horizontalGradient(width: 97, height: 31)
        let small = gradient.resampled(width: 13, height: 5)
        let mean = { (image: GrayImage) in image.pixels.reduce(0, +) / Float(image.pixels.count) }
        #expect(abs(mean(small) - mean(gradient)) < 1e-3)
        // Growing a picture repeats its pixels.
        #expect(stripes.resampled(width: 6, height: 1).pixels == [0, 0, 1, 1, 0, 0])
    }

    @Test("Contrast, gamma and levels shape the tones")
    func tone() throws {
        let image = try #require(GrayImage(width: 3, height: 1, pixels: [0.25, 0.5, 0.75]))
        let gamma = ToneAdjustment(gamma: 2).apply(to: image).pixels
        #expect(abs(gamma[0] - 0.5) < 1e-5 && abs(gamma[1] - 0.70711) < 1e-4)
        let contrast = ToneAdjustment(contrast: 2).apply(to: image).pixels
        #expect(contrast == [0, 0.5, 1])
        let flat = try #require(GrayImage(width: 3, height: 1, pixels: [0.4, 0.5, 0.6]))
        let levels = ToneAdjustment(autoLevels: true).apply(to: flat).pixels
        #expect(abs(levels[0]) < 1e-5 && abs(levels[1] - 0.5) < 1e-5 && abs(levels[2] - 1) < 1e-5)
        #expect(ToneAdjustment.none.apply(to: flat) == flat)
        // Equalization spreads crowded tones by their rank: three quarters of the picture in
        // two close light tones become evenly spaced steps.
        let crowded = try #require(GrayImage(width: 4, height: 1, pixels: [0, 0.8, 0.82, 0.84]))
        let spread = ToneAdjustment(equalization: 1).apply(to: crowded).pixels
        #expect(spread.enumerated().allSatisfy { abs($0.element - Float($0.offset) / 3) < 1e-5 }, "\(spread)")
        let half = ToneAdjustment(equalization: 0.5).apply(to: crowded).pixels
        #expect(abs(half[1] - (0.8 + 1.0 / 3) / 2) < 1e-5)
        // A nonsense gamma or contrast changes nothing rather than breaking the picture.
        #expect(ToneAdjustment(contrast: .nan, gamma: -1).apply(to: flat).pixels.allSatisfy { (0...1).contains($0) })
    }

    @Test("The power function needs no C library and is accurate")
    func power() {
        #expect(abs(PowerFunction.power(0.25, 0.5) - 0.5) < 1e-12)
        #expect(abs(PowerFunction.power(0.5, 2) - 0.25) < 1e-12)
        #expect(abs(PowerFunction.power(0.8, 1 / 2.2) - 0.903_546) < 1e-5)
        #expect(abs(PowerFunction.power(1e-6, 0.3) - 0.015_848_93) < 1e-7)
        #expect(PowerFunction.power(0, 2) == 0)
    }
}
