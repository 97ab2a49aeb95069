/// Returns when the calling task is cancelled, and not before: the body of a fake that runs
/// "for as long as it is let" (a leader's task, a connection that never answers), without a
/// loop of short sleeps or an hour-long one.
public func untilCancelled() async {
    let (stream, continuation) = AsyncStream<Never>.makeStream()
    await withTaskCancellationHandler {
        for await _ in stream {}
    } onCancel: {
        continuation.finish()
    }
}
