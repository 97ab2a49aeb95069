import Foundation
import GRDB

/// A `Date` as the database stores it: UTC text `YYYY-MM-DD HH:MM:SS.SSS`, the very text GRDB
/// writes for a `Date`, so databases written before read the same. GRDB converts through a
/// `DateFormatter` and a UTC `Calendar`, which map ~5 MiB of ICU's code and data into the process
/// on the first date; this converts with integer arithmetic on the proleptic Gregorian calendar.
/// Text is parsed by GRDB's own `DatabaseDateComponents` (every format GRDB reads), and numbers
/// are Unix times, as in GRDB.
struct SQLiteDate: DatabaseValueConvertible, Hashable, Sendable {
    var date: Date

    init(_ date: Date) { self.date = date }

    /// Beyond what 64-bit milliseconds hold (or not a number), GRDB's own formatting, as before.
    var databaseValue: DatabaseValue { Self.text(for: date)?.databaseValue ?? date.databaseValue }

    /// For `Codable` records' `databaseDateEncodingStrategy(for:)`: write dates as `SQLiteDate`.
    static let encoding = DatabaseDateEncodingStrategy.custom { SQLiteDate($0) }

    /// For `Codable` records' `databaseDateDecodingStrategy(for:)`: read dates as `SQLiteDate`.
    static let decoding = DatabaseDateDecodingStrategy.custom { SQLiteDate.fromDatabaseValue($0)?.date }

    static func fromDatabaseValue(_ dbValue: DatabaseValue) -> SQLiteDate? {
        if let components = DatabaseDateComponents.fromDatabaseValue(dbValue) {
            return date(from: components).map(SQLiteDate.init)
        }
        if let timestamp = Double.fromDatabaseValue(dbValue) {
            return SQLiteDate(Date(timeIntervalSince1970: timestamp))
        }
        return nil
    }

    /// `YYYY-MM-DD HH:MM:SS.SSS` in UTC, milliseconds rounded to the nearest as Foundation's
    /// `DateFormatter` rounds them (it adds half a millisecond, then ICU rounds down); nil for a
    /// date too far from 1970 for 64-bit milliseconds.
    static func text(for date: Date) -> String? {
        let milliseconds = (date.timeIntervalSince1970 * 1000 + 0.5).rounded(.down)
        guard milliseconds.isFinite, abs(milliseconds) < 1e17 else { return nil }
        let (days, millisecondOfDay) = Int64(milliseconds).quotientAndRemainderRoundingDown(dividingBy: 86_400_000)
        let (year, month, day) = civil(fromDays: days)
        let secondOfDay = millisecondOfDay / 1000
        var text = ""
        text.reserveCapacity(23)
        append(year, digits: 4, to: &text); text.append("-")
        append(month, digits: 2, to: &text); text.append("-")
        append(day, digits: 2, to: &text); text.append(" ")
        append(secondOfDay / 3600, digits: 2, to: &text); text.append(":")
        append(secondOfDay / 60 % 60, digits: 2, to: &text); text.append(":")
        append(secondOfDay % 60, digits: 2, to: &text); text.append(".")
        append(millisecondOfDay % 1000, digits: 3, to: &text)
        return text
    }

    /// The moment GRDB's parsed components name, in UTC; nil without a year, month and day.
    static func date(from components: DatabaseDateComponents) -> Date? {
        let parts = components.dateComponents
        guard let year = parts.year, let month = parts.month, let day = parts.day else {
            return nil
        }
        let days = Self.days(fromCivil: Int64(year), Int64(month), Int64(day))
        let seconds = days * 86_400 + Int64(parts.hour ?? 0) * 3600 + Int64(parts.minute ?? 0) * 60 + Int64(parts.second ?? 0)
        return Date(timeIntervalSince1970: Double(seconds) + Double(parts.nanosecond ?? 0) / 1e9)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func append(_ value: Int64, digits: Int, to text: inout String) {
        if value < 0 { text.append("-") }
        let decimal = String(value.magnitude)
        text.append(String(repeating: "0", count: max(0, digits - decimal.count)))
        text.append(decimal)
    }
}

private extension Int64 {
    func quotientAndRemainderRoundingDown(dividingBy divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}

extension Row {
    /// A date column, read without ICU (see `SQLiteDate`). Swift prefers these to GRDB's generic
    /// subscripts, so every `row["…"]` read as a `Date` in this module goes through `SQLiteDate`.
    subscript(_ column: String) -> Date { (self[column] as SQLiteDate).date }

    /// An optional date column, read without ICU (see `SQLiteDate`).
    subscript(_ column: String) -> Date? { (self[column] as SQLiteDate?)?.date }
}
