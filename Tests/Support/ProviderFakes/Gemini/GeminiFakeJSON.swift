/// The Gemini fake's JSON values (the type is shared by the provider fakes).
public typealias GeminiFakeJSON = FakeJSON
