/// A one-line emoji picture of a page: what text-art stories made before their pictures were
/// painted show (pictures are now painted and drawn as text art by the Textify engine).
public enum TextArt {
    public static func line(sheet: CharacterSheet?, scene: PageScene) -> String {
        let sky = switch scene.timeOfDay {
        case .night: "🌙 ✨"
        case .sunset, .dusk, .goldenHour: "🌇 ⭐"
        case .morning, .afternoon: "☀️ ☁️"
        }
        guard let sheet else { return sky }
        var cast = [emoji(for: sheet.hero.kind)]
        if let companion = sheet.companion { cast.append(emoji(for: companion.kind)) }
        return "\(sky)  \(cast.joined(separator: " "))  \(emoji(for: sheet.setting))"
    }

    static func emoji(for kind: CreatureKind) -> String {
        switch kind {
        case .child: "🧒"
        case .dragon: "🐉"
        case .bunny: "🐰"
        case .bear: "🐻"
        case .cat: "🐱"
        case .dog: "🐶"
        case .fox: "🦊"
        case .owl: "🦉"
        case .unicorn: "🦄"
        case .mouse: "🐭"
        case .turtle: "🐢"
        case .penguin: "🐧"
        case .elephant: "🐘"
        case .robot: "🤖"
        case .grownUp: "🧑"
        case .horse: "🐴"
        case .fish: "🐟"
        case .whale: "🐳"
        case .octopus: "🐙"
        case .butterfly: "🦋"
        case .dinosaur: "🦕"
        case .hedgehog: "🦔"
        case .squirrel: "🐿️"
        case .badger: "🦡"
        case .beaver: "🦫"
        case .giraffe: "🦒"
        case .koala: "🐨"
        case .sloth: "🦥"
        case .pangolin: "🦔"
        case .crab: "🦀"
        case .car: "🚗"
        case .train: "🚂"
        case .tractor: "🚜"
        case .boat: "🚤"
        case .rocket: "🚀"
        case .cloud: "☁️"
        case .snowman: "⛄"
        case .knight: "🛡️"
        }
    }

    static func emoji(for setting: StorySetting) -> String {
        switch setting {
        case .forest: "🌲🌲"
        case .seaside: "🌊🐚"
        case .space: "🪐🚀"
        case .castle: "🏰"
        case .meadow: "🌼🌿"
        case .mountains: "⛰️"
        case .garden: "🌷🌻"
        case .town: "🏘️"
        case .underwater: "🐠🫧"
        case .jungle: "🌴🦜"
        case .snow: "❄️⛄"
        case .farm: "🚜🌾"
        case .home: "🏠🛏️"
        case .school: "🏫✏️"
        case .river: "🏞️🌉"
        case .library: "📚🛋️"
        }
    }
}
