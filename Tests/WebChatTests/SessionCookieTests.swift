import Testing
@testable import WebChat

@Suite("The session cookie")
struct SessionCookieTests {
    @Test("one session cookie under either name is read; two (either name, even the same twice) conflict; others are ignored")
    func reading() {
        #expect(SessionCookie.read([]) == .none)
        #expect(SessionCookie.read(["a=1; ms_session=t1"]) == .one(token: "t1", legacy: true))
        #expect(SessionCookie.read(["__Host-ms_session=t2; b=2"]) == .one(token: "t2", legacy: false))
        #expect(SessionCookie.read(["ms_session=t1; __Host-ms_session=t2"]) == .conflicting)
        #expect(SessionCookie.read(["ms_session=t1", "ms_session=t1"]) == .conflicting)
        #expect(SessionCookie.read(["ms_session=; x_ms_session=t3"]) == .none)
        #expect(SessionCookie.token(in: ["ms_session=t1; __Host-ms_session=t2"]) == nil)
    }

    @Test("over HTTPS the cookie is __Host- prefixed and Secure; clearing forgets both names")
    func writing() {
        #expect(SessionCookie.setting("t", maxAge: 60, secure: true) == "__Host-ms_session=t; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure")
        #expect(SessionCookie.setting("t", maxAge: 60, secure: false) == "ms_session=t; Path=/; Max-Age=60; HttpOnly; SameSite=Lax")
        #expect(SessionCookie.clearing(secure: true).count == 2 && SessionCookie.clearing(secure: false).count == 1)
    }
}
