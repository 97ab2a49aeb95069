extension OpenAIFake {
    /// The OpenAI fake's JSON values (the type is shared by the provider fakes).
    public typealias JSON = FakeJSON
}
