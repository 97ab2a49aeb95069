import Foundation
import Testing
@testable import StoryStorePostgres

@Suite("DATABASE_URL: parsing, percent-decoding, clear errors")
struct PostgresURLTests {
    @Test("a full URL: user, password, host, port, database and sslmode")
    func full() throws {
        let url = try PostgresURL(parsing: "postgres://stories:s3cret@db.example.org:6543/magical?sslmode=require")
        #expect(url == PostgresURL(host: "db.example.org", port: 6543, user: "stories", password: "s3cret", database: "magical", tls: .require))
    }

    @Test("defaults: port 5432, TLS preferred, no password; postgresql:// is the same")
    func defaults() throws {
        let url = try PostgresURL(parsing: "postgresql://stories@localhost/magical")
        #expect(url == PostgresURL(host: "localhost", user: "stories", database: "magical", tls: .prefer))
        #expect(try PostgresURL(parsing: "postgres://a@h/d?sslmode=disable").tls == .disable)
        #expect(try PostgresURL(parsing: "postgres://a@h/d?sslmode=verify-full").tls == .require)
    }

    @Test("user, password and database are percent-decoded (UTF-8); an unencoded @ in the password is kept")
    func percentDecoding() throws {
        let url = try PostgresURL(parsing: "postgres://m%C3%A9lanie:p%40ss%3Aw%2Frd%20%251@[::1]:5433/st%C3%B6ries")
        #expect(url.user == "mélanie" && url.password == "p@ss:w/rd %1" && url.database == "störies")
        #expect(url.host == "::1" && url.port == 5433)
        #expect(try PostgresURL(parsing: "postgres://u:p@ss@h/d").password == "p@ss")
    }

    @Test("the description redacts the password and round-trips the rest")
    func redacted() throws {
        let url = try PostgresURL(parsing: "postgres://stories:hunter2@db:5432/magical?sslmode=require")
        #expect(url.description == "postgres://stories:***@db:5432/magical?sslmode=require")
        #expect(!url.description.contains("hunter2"))
        #expect(try PostgresURL(parsing: "postgres://a%20b@h/d").description == "postgres://a%20b@h:5432/d?sslmode=prefer")
    }

    @Test("a Unix socket, as libpq writes it: the folder in ?host= or percent-encoded as the host; port picks the socket file")
    func unixSocket() throws {
        let url = try PostgresURL(parsing: "postgres://stories:pw@/magical?host=/var/run/postgresql")
        #expect(url.host == "/var/run/postgresql" && url.port == 5432 && url.database == "magical" && url.password == "pw")
        #expect(url.socketPath == "/var/run/postgresql/.s.PGSQL.5432")
        let encoded = try PostgresURL(parsing: "postgresql://stories@%2Ftmp%2Fpg%20data:6000/magical")
        #expect(encoded.socketPath == "/tmp/pg data/.s.PGSQL.6000")
        #expect(try PostgresURL(parsing: "postgres://u@/d?host=/run/pg&port=5433").socketPath == "/run/pg/.s.PGSQL.5433")
        // The query's host wins over the authority's, as in libpq; a TCP host has no socket.
        #expect(try PostgresURL(parsing: "postgres://u@db:5432/d?host=/run/pg").socketPath == "/run/pg/.s.PGSQL.5432")
        #expect(try PostgresURL(parsing: "postgres://u@db/d?port=6543").port == 6543)
        #expect(try PostgresURL(parsing: "postgres://u@db/d").socketPath == nil)
    }

    @Test("a socket URL's description names the folder and port, without the password, and parses back to the same URL")
    func unixSocketDescription() throws {
        let url = try PostgresURL(parsing: "postgres://stories:hunter2@/magical?host=/var/run/postgresql&port=5433")
        #expect(url.description == "postgres://stories:***@/magical?host=/var/run/postgresql&port=5433")
        var withoutPassword = url
        withoutPassword.password = nil
        #expect(try PostgresURL(parsing: url.description.replacingOccurrences(of: ":***", with: "")) == withoutPassword)
        let odd = try PostgresURL(parsing: "postgres://u@/d?host=/tmp/pg%20a%26b")
        #expect(odd.description == "postgres://u@/d?host=/tmp/pg%20a%26b&port=5432")
        #expect(try PostgresURL(parsing: odd.description) == odd)
    }

    @Test("bad URLs say what is wrong, never repeating the password",
          arguments: [
              ("db.example.org/magical", PostgresURLError.notAURL),
              ("mysql://u:p@h/d", .unsupportedScheme("mysql")),
              ("postgres://h:5432/d", .missingUser),
              ("postgres://:pw@h/d", .missingUser),
              ("postgres://u:pw@/d", .missingHost),
              ("postgres://u:pw@h:5432", .missingDatabase),
              ("postgres://u:pw@h:5432/", .missingDatabase),
              ("postgres://u:pw@h:99999/d", .invalidPort("99999")),
              ("postgres://u:pw@h:abc/d", .invalidPort("abc")),
              ("postgres://u:p%zzw@h/d", .badPercentEncoding("password")),
              ("postgres://u:p%2@h/d", .badPercentEncoding("password")),
              ("postgres://u:pw@h/d?sslmode=sometimes", .invalidOption(name: "sslmode", value: "sometimes", expected: "disable, prefer or require")),
              ("postgres://u:pw@h/d?pool=3", .unknownOption("pool")),
              ("postgres://u:pw@ho st/d", .invalidPart("host")),
              ("postgres://u:pw@/d?host=/tmp/a%00b", .invalidPart("socket folder")),
              ("postgres://u:pw@/d?host=/tmp/pg&port=0", .invalidPort("0")),
              ("postgres://u:pw@/d?host=", .missingHost),
          ])
    func badURLs(_ text: String, _ expected: PostgresURLError) {
        #expect(throws: expected) { try PostgresURL(parsing: text) }
        #expect(!expected.description.contains("pw") && !expected.description.contains("p%zzw"))
        #expect(expected.description.contains("DATABASE_URL"))
    }

    @Test("a missing password can come from PGPASSWORD")
    func fallbackPassword() throws {
        #expect(try PostgresURL(parsing: "postgres://u@h/d", passwordFallback: "env").password == "env")
        #expect(try PostgresURL(parsing: "postgres://u:url@h/d", passwordFallback: "env").password == "url")
        #expect(PostgresURL.isPostgres(" POSTGRES://u@h/d") && !PostgresURL.isPostgres("data/x.sqlite"))
    }
}
