/// What a cast member's look says, part by part: each colour bound to the part it describes
/// ("**brown** pigtails, **yellow** raincoat" → brown hair, a yellow coat), the hair style, the
/// clothes, glasses, beard and hat. Nil or false for whatever the look leaves open.
public struct LookReading: Sendable, Equatable {
    public var hair: RGB?
    public var hairStyle: FigureLook.HairStyle?
    public var skin: RGB?
    public var eyes: RGB?
    /// The main garment and its colour (a dress or coat before a jumper, before trousers).
    public var garment: FigureLook.Garment?
    public var outfit: RGB?
    public var legs: RGB?
    public var skirt: RGB?
    public var shoes: RGB?
    /// Glasses are mentioned; `glassesColour` when a colour goes with them.
    public var glasses = false
    public var glassesColour: RGB?
    public var facialHair: FigureLook.FacialHair?
    public var beard: RGB?
    /// A hat is mentioned; `hatColour` when a colour goes with it.
    public var hat = false
    public var hatColour: RGB?
    /// A pet's or toy's body (its kind word, fur, coat), markings (spots, paws, ears, tail, mane)
    /// and what it wears (collar, scarf, bow).
    public var body: RGB?
    public var markings: RGB?
    public var accessory: RGB?
    /// Every colour in the order written (for pets and toys whose look names no parts).
    public var colours: [RGB] = []

    public init() {}
}
