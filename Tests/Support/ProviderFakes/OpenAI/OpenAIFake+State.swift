import Synchronization

extension OpenAIFake {
    /// A request as the fake received it.
    public struct RecordedRequest: Sendable {
        public var kind: Kind
        /// Path and query, e.g. `/v1/chat/completions`.
        public var uri: String
        /// Header values by lower-cased name.
        public var headers: [String: String]
        /// The decoded body; nil when it was not JSON.
        public var json: JSON?

        public var authorization: String? { headers["authorization"] }
    }

    /// Everything the fake's handlers share: the request log, the injected faults and the
    /// concurrency counters, behind one lock.
    final class State: Sendable {
        private struct Values {
            var requests: [RecordedRequest] = []
            var faults: [Kind: [Fault]] = [:]
            var latency: [Kind: Duration] = [:]
            var inFlight: [Kind: Int] = [:]
            var maxConcurrent: [Kind: Int] = [:]
            var served = 0
            var stopping = false
        }

        private let values = Mutex(Values())

        func record(_ request: RecordedRequest) {
            values.withLock { $0.requests.append(request) }
        }

        func requests(kind: Kind) -> [RecordedRequest] {
            values.withLock { $0.requests.filter { $0.kind == kind } }
        }

        func inject(_ fault: Fault, kind: Kind, times: Int) {
            values.withLock { values in
                if case let .latency(duration) = fault {
                    values.latency[kind] = duration
                } else {
                    values.faults[kind, default: []].append(contentsOf: Array(repeating: fault, count: max(0, times)))
                }
            }
        }

        /// The next injected fault for a call of `kind`, consumed.
        func nextFault(kind: Kind) -> Fault? {
            values.withLock { values in
                guard var queue = values.faults[kind], !queue.isEmpty else { return nil }
                let fault = queue.removeFirst()
                values.faults[kind] = queue
                return fault
            }
        }

        func latency(kind: Kind) -> Duration? { values.withLock { $0.latency[kind] } }

        /// Counts a call of `kind` as running and returns a serial number for ids.
        func begin(kind: Kind) -> Int {
            values.withLock { values in
                let running = values.inFlight[kind, default: 0] + 1
                values.inFlight[kind] = running
                values.maxConcurrent[kind] = max(values.maxConcurrent[kind, default: 0], running)
                values.served += 1
                return values.served
            }
        }

        func end(kind: Kind) {
            values.withLock { $0.inFlight[kind, default: 1] -= 1 }
        }

        func maxConcurrent(kind: Kind) -> Int { values.withLock { $0.maxConcurrent[kind, default: 0] } }

        var isStopping: Bool {
            get { values.withLock { $0.stopping } }
            set { values.withLock { $0.stopping = newValue } }
        }

        /// Waits `duration`, or less when the fake is stopping, so slow answers never hold up `stop()`.
        func pause(_ duration: Duration) async {
            let deadline = ContinuousClock.now + duration
            while ContinuousClock.now < deadline, !isStopping {
                try? await Task.sleep(for: min(.milliseconds(20), deadline - ContinuousClock.now))
            }
        }
    }
}
