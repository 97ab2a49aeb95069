/// The kinds of content the bedtime screen keeps out of every story, whatever the writer.
public enum SafetyCategory: String, Sendable, Equatable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Killing, fighting to hurt, weapons and explosives.
    case violence
    /// Dying, death and dead bodies.
    case death
    /// Blood, wounds and bodies torn apart.
    case gore
    /// Horror that frightens or harms: demons, possession, monsters that hurt children.
    case horror
    /// Abuse, kidnapping and cruelty to children.
    case abuse
    /// Sexual content.
    case sexual
    /// Suicide and self-harm.
    case selfHarm
    /// Drugs, alcohol and smoking.
    case drugs
    /// Hate symbols, groups and slurs.
    case hate

    /// The category's name, as logged (never the text that tripped it).
    public var description: String { rawValue }
}
