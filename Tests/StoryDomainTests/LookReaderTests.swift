import Foundation
import Testing
@testable import StoryDomain

/// A cast member's look read part by part: each colour goes to the part it describes, hair
/// styles, glasses, beards and hats are noticed, and what the look leaves open stays open.
@Suite("Reading a cast member's look")
struct LookReaderTests {
    static let brown = RGB(125, 80, 45)
    static let yellow = RGB(245, 215, 50)
    static let red = RGB(215, 55, 50)
    static let blue = RGB(50, 105, 220)
    static let green = RGB(60, 170, 75)
    static let black = RGB(35, 32, 35)
    static let grey = RGB(160, 160, 168)

    let person = LookReader(person: true)
    let pet = LookReader(person: false)

    @Test("brown pigtails, yellow raincoat: brown hair in pigtails, a yellow coat")
    func pigtailsAndRaincoat() {
        let look = person.read("brown pigtails, yellow raincoat")
        #expect(look.hair == Self.brown)
        #expect(look.hairStyle == .pigtails)
        #expect(look.outfit == Self.yellow)
        #expect(look.garment == .coat)
    }

    struct Phrasing: Sendable, CustomTestStringConvertible {
        var look: String
        var hair: RGB?
        var style: FigureLook.HairStyle?
        var outfit: RGB?
        var garment: FigureLook.Garment?
        var testDescription: String { look }
    }

    @Test("many phrasings put hair colour on the hair and clothes colour on the clothes", arguments: [
        Phrasing(look: "a yellow raincoat and brown pigtails", hair: brown, style: .pigtails, outfit: yellow, garment: .coat),
        Phrasing(look: "yellow raincoat, brown hair in pigtails", hair: brown, style: .pigtails, outfit: yellow, garment: .coat),
        Phrasing(look: "brown hair in two pigtails with a yellow raincoat", hair: brown, style: .pigtails, outfit: yellow, garment: .coat),
        Phrasing(look: "curly black hair, a red jumper", hair: black, style: .curly, outfit: red, garment: .top),
        Phrasing(look: "Red jumper; black curly hair", hair: black, style: .curly, outfit: red, garment: .top),
        Phrasing(look: "long blonde hair and a blue dress", hair: RGB(235, 195, 90), style: .long, outfit: blue, garment: .dress),
        Phrasing(look: "blonde, blue dress", hair: RGB(235, 195, 90), style: nil, outfit: blue, garment: .dress),
        Phrasing(look: "short grey hair, round glasses, a green cardigan", hair: grey, style: .short, outfit: green, garment: .top),
        Phrasing(look: "a bun, a red coat over a blue jumper", hair: nil, style: .bun, outfit: red, garment: .coat),
        Phrasing(look: "space buns and green dungarees", hair: nil, style: .buns, outfit: green, garment: .allInOne),
        Phrasing(look: "a high ponytail, yellow t-shirt", hair: nil, style: .ponytail, outfit: yellow, garment: .top),
        Phrasing(look: "two long braids, a red and white dress", hair: nil, style: .braids, outfit: red, garment: .dress),
        Phrasing(look: "plaits and pink pyjamas", hair: nil, style: .braids, outfit: RGB(245, 130, 185), garment: .allInOne),
        Phrasing(look: "bald, a big grey beard, a blue shirt", hair: grey, style: .bald, outfit: blue, garment: .top),
        Phrasing(look: "a big afro and a purple hoodie", hair: nil, style: .afro, outfit: RGB(140, 80, 200), garment: .top),
        Phrasing(look: "all in green", hair: nil, style: nil, outfit: green, garment: nil),
        Phrasing(look: "a dress, blue, and brown hair", hair: brown, style: nil, outfit: blue, garment: .dress),
        Phrasing(look: "hair: brown, coat: yellow", hair: brown, style: nil, outfit: yellow, garment: .coat),
        Phrasing(look: "a red hat, green and white dress", hair: nil, style: nil, outfit: green, garment: .dress),
        Phrasing(look: "a short boy with a red cap", hair: nil, style: nil, outfit: nil, garment: nil),
    ])
    func phrasings(_ case: Phrasing) {
        let look = person.read(`case`.look)
        #expect(look.hair == `case`.hair)
        #expect(look.hairStyle == `case`.style)
        #expect(look.outfit == `case`.outfit)
        #expect(look.garment == `case`.garment)
    }

    @Test("eyes, skin, legs, skirt and shoes each take their own colour")
    func otherParts() {
        let look = person.read("blue eyes, dark brown skin, a yellow top, a green skirt, red wellies")
        #expect(look.eyes == RGB(70, 130, 210))
        #expect(look.skin == RGB(120, 80, 55))
        #expect(look.outfit == Self.yellow && look.skirt == Self.green && look.shoes == Self.red)
        let jeans = person.read("blue-eyed, freckles, light brown hair, navy jeans and a white shirt")
        #expect(jeans.eyes == RGB(70, 130, 210))
        #expect(jeans.legs == RGB(35, 50, 120))
        #expect(jeans.outfit == RGB(248, 246, 240))
        #expect(jeans.hair == LookReader.shaded(Self.brown, by: 0.4), "light brown is a lighter brown")
        #expect(person.read("fair skin and fair hair").skin == RGB(250, 222, 200))
        #expect(person.read("fair skin and fair hair").hair == RGB(235, 195, 90))
        #expect(person.read("hazel eyes").eyes == RGB(140, 110, 60))
        #expect(person.read("red hair").hair == RGB(190, 75, 40), "red hair is painted as hair is red, not as a jumper is")
    }

    @Test("glasses, beards, moustaches and hats are noticed, with their colours when given")
    func accessories() {
        let grandpa = person.read("white moustache, red glasses, a flat cap")
        #expect(grandpa.facialHair == .moustache && grandpa.beard == RGB(240, 240, 240))
        #expect(grandpa.glasses && grandpa.glassesColour == Self.red)
        #expect(grandpa.hat && grandpa.hatColour == nil)
        #expect(grandpa.hair == RGB(240, 240, 240), "the moustache's colour stands for the hair the look leaves open")
        let dad = person.read("a bearded dad with spectacles and a green woolly hat")
        #expect(dad.facialHair == .beard && dad.glasses && dad.hatColour == Self.green)
        let plain = person.read("a yellow raincoat")
        #expect(!plain.glasses && !plain.hat && plain.facialHair == nil && plain.hairStyle == nil)
        #expect(person.read("").colours.isEmpty)
    }

    @Test("pets and toys: body, markings and what they wear")
    func creatures() {
        let max = pet.read("a grey puppy with a blue collar")
        #expect(max.body == Self.grey && max.accessory == Self.blue)
        let cat = pet.read("a grey cat with one white paw")
        #expect(cat.body == Self.grey && cat.markings == RGB(248, 246, 240))
        let teddy = pet.read("a red scarf, brown fur")
        #expect(teddy.body == Self.brown && teddy.accessory == Self.red)
        #expect(pet.read("black and white").colours == [Self.black, RGB(248, 246, 240)])
    }

    @Test("the cast's design: a baby is small, a grandparent elder, the look's style and glasses drawn")
    func designs() {
        let date = Date(timeIntervalSince1970: 0)
        let designer = CastDesigner()
        let mia = designer.design(CastMember(name: "Mia", kind: .child, age: 5, look: "brown pigtails, yellow raincoat",
                                             createdBy: "u", createdAt: date))
        #expect(mia.detailColor == Self.brown && mia.accentColor == Self.yellow)
        #expect(mia.figure == FigureLook(build: .child, hairStyle: .pigtails, garment: .coat))
        let baby = designer.design(CastMember(name: "Rosie", kind: .baby, age: 1, look: "a pink onesie", createdBy: "u", createdAt: date))
        #expect(baby.kind == .child && baby.figure?.build == .baby && baby.figure?.garment == .allInOne)
        let nana = designer.design(CastMember(name: "Nana", kind: .grownUp, look: "glasses and a purple cardigan", createdBy: "u",
                                              createdAt: date))
        #expect(nana.figure?.build == .grownUp && nana.figure?.glasses != nil)
        #expect(nana.detailColor == RGB(215, 215, 220), "a grandparent's hair is grey when the look leaves it open")
        let toddler = designer.design(CastMember(name: "Ben", kind: .child, age: 3, createdBy: "u", createdAt: date))
        #expect(toddler.figure?.build == .toddler)
        let teen = designer.design(CastMember(name: "Ava", kind: .child, age: 13, createdBy: "u", createdAt: date))
        #expect(teen.figure?.build == .olderChild)
        #expect(designer.design(CastMember(name: "Max", kind: .creature(.dog), createdBy: "u", createdAt: date)).figure == nil)
        #expect(designer.design(CastMember(name: "Ben", kind: .child, age: 3, createdBy: "u", createdAt: date)) == toddler,
                "what the look leaves open comes from the name: the same every time")
    }

    @Test("a design saved before figure looks existed still reads, without one")
    func oldDesignsDecode() throws {
        let json = #"{"name":"Mia","kind":"child","bodyColor":{"red":1,"green":2,"blue":3},"accentColor":{"red":1,"green":2,"blue":3},"#
            + #""detailColor":{"red":1,"green":2,"blue":3},"looks":"a child","trait":"kind"}"#
        let design = try JSONDecoder().decode(CharacterDesign.self, from: Data(json.utf8))
        #expect(design.figure == nil)
        var withFigure = design
        withFigure.figure = FigureLook(build: .baby, hairStyle: .tuft, glasses: RGB(1, 2, 3))
        let again = try JSONDecoder().decode(CharacterDesign.self, from: JSONEncoder().encode(withFigure))
        #expect(again == withFigure)
    }
}
