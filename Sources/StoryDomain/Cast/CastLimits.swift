/// The fixed limits of a family's cast.
public enum CastLimits {
    /// Members a family keeps.
    public static let maxMembers = 12
    /// Characters of a look.
    public static let maxLookLength = 80
    /// Cast members one story may have as its named heroes.
    public static let maxHeroesPerStory = 3
    /// Ages a child's age may be (a baby: 0–3).
    public static let childAges = 1...17
    public static let babyAges = 0...3
    /// Sensitivities (`avoid:`) one member keeps, and their characters together.
    public static let maxSensitivities = 10
    public static let maxSensitivitiesLength = 400
}
