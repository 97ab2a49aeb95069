import StoryDomain

extension SceneAction {
    /// What the characters are doing, as words for a picture prompt; `path` names where they walk.
    func pictureWords(path: String = "a gentle path") -> String {
        switch self {
        case .standing: "standing together and smiling"
        case .walking: "walking along \(path)"
        case .discovering: "looking at something with wide-eyed wonder"
        case .helping: "kindly helping"
        case .playing: "playing happily"
        case .hugging: "sharing a warm, happy hug"
        case .resting: "resting cosily"
        case .sleeping: "fast asleep, tucked into a cosy bed"
        case .making: "busy making something together"
        case .racing: "running a cheerful race"
        case .riding: "riding along together"
        case .flying: "flying gently through the air"
        case .celebrating: "celebrating with big smiles"
        }
    }
}
