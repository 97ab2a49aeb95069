import StoryDomain

/// Paints the page's weather over the land and behind the figures: rain, snow, wind, fog or a
/// rainbow. Light veils only (a rainy afternoon stays an afternoon).
struct WeatherPainter {
    let canvas: CairoCanvas
    let width: Double
    let height: Double
    /// Where the sky meets the land in the picture.
    let horizon: Double

    func paint(_ weather: SceneWeather, page: inout SeededGenerator) {
        switch weather {
        case .rain: rain(page: &page)
        case .snow: snow(page: &page)
        case .wind: wind(page: &page)
        case .fog: fog()
        case .rainbow: rainbow()
        }
    }

    private func rnd(_ g: inout SeededGenerator, _ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &g) }

    private func rain(page: inout SeededGenerator) {
        // A grey veil on the sky, soft clouds, slanting drops and puddles.
        canvas.rect(0, 0, width, horizon)
        canvas.setLinearGradient(x0: 0, y0: 0, x1: 0, y1: horizon, stops: [(0, PaintColor(0.55, 0.58, 0.65), 0.45), (1, PaintColor(0.7, 0.72, 0.78), 0.1)])
        canvas.fill()
        for i in 0..<4 {
            let x = Double(i) * width / 3.5 + rnd(&page, 0...40)
            let y = rnd(&page, 30...90)
            canvas.ellipse(x, y + 10, 80, 22)
            canvas.circle(x - 36, y, 28)
            canvas.circle(x + 8, y - 14, 36)
            canvas.circle(x + 44, y + 2, 26)
            canvas.fill(PaintColor(0.72, 0.74, 0.80), alpha: 0.92)
        }
        for _ in 0..<140 {
            let x = rnd(&page, -20...width), y = rnd(&page, 60...height)
            canvas.moveTo(x, y)
            canvas.lineTo(x - 6, y + 18)
        }
        canvas.stroke(PaintColor(0.82, 0.88, 1.0), width: 2, alpha: 0.75)
        for i in 0..<3 {
            let x = Double(i) * width / 3 + rnd(&page, 40...140)
            let y = rnd(&page, horizon + 120...height - 20)
            canvas.ellipse(x, y, 46, 9)
            canvas.fill(PaintColor(0.55, 0.68, 0.85), alpha: 0.7)
        }
    }

    private func snow(page: inout SeededGenerator) {
        canvas.rect(0, horizon + 40, width, height - horizon - 40)
        canvas.fill(PaintColor(0.97, 0.98, 1.0), alpha: 0.35)
        for _ in 0..<110 {
            let r = rnd(&page, 1.5...4)
            canvas.circle(rnd(&page, 0...width), rnd(&page, 0...height), r)
        }
        canvas.fill(.white, alpha: 0.9)
    }

    private func wind(page: inout SeededGenerator) {
        // Swirling gusts and leaves blown across.
        for i in 0..<5 {
            let y = 80 + Double(i) * 55 + rnd(&page, -15...15)
            let x = rnd(&page, 0...width * 0.5)
            canvas.moveTo(x, y)
            canvas.curveTo(x + 80, y - 20, x + 160, y + 20, x + 240, y)
            canvas.arc(x + 240, y - 14, 14, from: 0.5 * .pi, to: 2.3 * .pi)
            canvas.stroke(.white, width: 3.5, alpha: 0.75)
        }
        let leaves = [PaintColor(0.9, 0.55, 0.2), PaintColor(0.85, 0.3, 0.2), PaintColor(0.95, 0.8, 0.3)]
        for i in 0..<12 {
            let x = rnd(&page, 0...width), y = rnd(&page, 60...height - 60)
            canvas.layer {
                canvas.translate(x, y)
                canvas.rotate(rnd(&page, 0...6))
                canvas.ellipse(0, 0, 9, 4.5)
                canvas.fill(leaves[i % 3])
            }
        }
    }

    private func fog() {
        for (y, h, a) in [(horizon - 90, 120.0, 0.55), (horizon + 10, 110.0, 0.45), (horizon + 110, 90.0, 0.3)] {
            canvas.setLinearGradient(x0: 0, y0: y, x1: 0, y1: y + h,
                                     stops: [(0, .white, 0), (0.5, PaintColor(0.93, 0.94, 0.96), a), (1, .white, 0)])
            canvas.rect(0, y, width, h)
            canvas.fill()
        }
    }

    private func rainbow() {
        let colours = [PaintColor(0.92, 0.25, 0.25), PaintColor(0.98, 0.6, 0.2), PaintColor(0.98, 0.9, 0.3),
                       PaintColor(0.35, 0.75, 0.35), PaintColor(0.3, 0.55, 0.92), PaintColor(0.55, 0.35, 0.8)]
        canvas.layer {
            canvas.rect(0, 0, width, horizon + 10)
            canvas.clip()
            for (i, colour) in colours.enumerated() {
                canvas.arc(width * 0.55, horizon + 60, 300 - Double(i) * 14, from: .pi, to: 2 * .pi)
                canvas.stroke(colour, width: 14, alpha: 0.6)
            }
        }
    }
}
