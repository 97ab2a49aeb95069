import Logging

extension Logger {
    /// A copy with the component's name in its metadata.
    func labeled(_ component: String) -> Logger {
        var logger = self
        logger[metadataKey: "component"] = "\(component)"
        return logger
    }
}
