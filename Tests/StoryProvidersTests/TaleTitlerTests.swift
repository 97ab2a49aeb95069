import Foundation
@testable import StoryProviders
import StoryDomain
import Testing

/// The built-in writer's titles say the hero once.
@Suite("Built-in writer: titles")
struct TaleTitlerTests {
    @Test func aHerosKindIsNotRepeatedByTheObject() {
        #expect(TaleTitler.once(hero: "the bear", in: "How the Bear Learned to Bake the Bear Birthday Cake")
            == "How the Bear Learned to Bake the Birthday Cake")
        #expect(TaleTitler.once(hero: "Bruno", in: "Bruno and the Bruno Cake") == "Bruno and the Cake")
    }

    @Test func titlesWithoutARepeatAreUnchanged() {
        #expect(TaleTitler.once(hero: "the bear", in: "The Day the Bear Baked Bread") == "The Day the Bear Baked Bread")
        #expect(TaleTitler.once(hero: "Mia", in: "Mia's Wish to Fly") == "Mia's Wish to Fly")
        #expect(TaleTitler.once(hero: "", in: "Where Is the Bell?") == "Where Is the Bell?")
    }

    @Test func aRenderedTitleSaysTheHeroOnce() {
        let renderer = TemplateRenderer(values: ["D": "the bear", "act": "bake the bear birthday cake", "theObj": "the bear birthday cake",
                                                 "acted": "baked the bear birthday cake"])
        for seed in 0..<8 {
            var rng = SeededGenerator(seed: UInt64(seed), salt: "title")
            let title = TaleTitler.title(shape: .making, renderer: renderer, rng: &rng)
            #expect(title.lowercased().components(separatedBy: "bear").count == 2, "\(title)")
        }
    }
}
