import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A plain HTTP GET for tests (status, body, headers).
enum HTTPGet {
    static func fetch(_ url: URL, headers: [String: String] = [:]) async throws -> (Int, Data, [String: String]) {
        var request = URLRequest(url: url)
        request.timeoutInterval = 10
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (key, value) in http.allHeaderFields { fields["\(key)".lowercased()] = "\(value)" }
        return (http.statusCode, data, fields)
    }
}
