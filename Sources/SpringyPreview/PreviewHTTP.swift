import Foundation
import SpringyCore

/// The preview's HTTP/1.1 server: GET and HEAD only (a review adds POST), no request bodies, every cost bounded
/// before a handler runs. FlyingFox (0.27.1), which served the preview before, had no read
/// timeout, no limit on a request line or its headers and a line reader quadratic in the line's
/// length: a 512 KB request line cost 113 s of CPU, and 1,100 idle connections ended the process
/// (EMFILE). Here:
/// - the request line and the headers are capped (414, 431), scanned once as they arrive;
/// - a request's head must arrive within the idle timeout of its first byte, and a kept-alive
///   connection that sends nothing for that long is closed;
/// - at most `maxConnections` are served at once (each on a thread of its own, so frames are
///   drawn off Swift's cooperative pool); more are answered 503 and closed;
/// - accepting goes on after EMFILE (the listening socket waits, it is not given up);
/// - the Host header must name this machine by an address or `localhost`, so a DNS-rebinding
///   page (a name of its own pointing at 127.0.0.1) is answered 403.
package final class PreviewHTTP: @unchecked Sendable {  // mutable fields guarded by `state` (a condition: stop waits on it)
    package struct Limits: Sendable {
        package var requestLine = 8 << 10
        package var headerBytes = 32 << 10
        package var headerCount = 100
        package var idleTimeout = 10.0
        package var maxConnections = 64
        package var requestsPerConnection = 10_000
        /// The methods answered (a review also takes POSTs, without a body).
        package var methods = ["GET", "HEAD"]
        package init() {}
    }

    package struct Request: Sendable {
        package var method: String
        package var path: String
        package var query: [(name: String, value: String)]
        package var headers: [(name: String, value: String)]
        package func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name }?.value }
        package func query(_ name: String) -> String? { query.first { $0.name == name }?.value }
    }

    package struct Response: Sendable {
        package var status: Int
        package var headers: [(String, String)]
        package var body: [UInt8]
        package init(status: Int, headers: [(String, String)] = [], body: [UInt8]) {
            self.status = status; self.headers = headers; self.body = body
        }
        package static func text(_ status: Int, _ text: String) -> Response {
            Response(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array((text + "\n").utf8))
        }
    }

    /// Why the server could not start, in words for the command line.
    /// The server could not start (a busy port, a bad address).
    package typealias StartError = SpringyError

    package let port: UInt16
    let limits: Limits
    let handler: @Sendable (Request) -> Response
    private let listener: Int32
    private let state = NSCondition()
    private var active = 0
    private var stopping = false
    private var acceptorDone = false

    /// Binds `host:port` (port 0: any free port) and listens; nothing is served before `start`.
    package init(host: String, port: UInt16, limits: Limits = Limits(), handler: @escaping @Sendable (Request) -> Response) throws
    {
        var address = in_addr()
        guard inet_pton(AF_INET, host, &address) == 1 else { throw StartError(description: "\(host) is not an IPv4 address") }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw StartError(description: "cannot open a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var sin = sockaddr_in()
        sin.sin_family = sa_family_t(AF_INET)
        sin.sin_port = port.bigEndian
        sin.sin_addr = address
        let bound = withUnsafePointer(to: &sin) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if bound != 0 {
            let err = errno
            close(fd)
            if err == EADDRINUSE { throw StartError(description: "port \(port) is in use; pass --port 0 for any free port") }
            if err == EACCES {
                throw StartError(description: "port \(port) needs privileges to listen on; pass --port 0 for any free port")
            }
            if err == EADDRNOTAVAIL { throw StartError(description: "\(host) is not an address of this machine") }
            throw StartError(description: "cannot listen on \(host):\(port): \(String(cString: strerror(err)))")
        }
        guard listen(fd, 128) == 0 else {
            let err = errno
            close(fd)
            throw StartError(description: "cannot listen on \(host):\(port): \(String(cString: strerror(err)))")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.port = UInt16(bigEndian: actual.sin_port)
        self.listener = fd
        self.limits = limits
        self.handler = handler
    }

    /// Accepts connections on a thread of its own until `stop`.
    package func start() {
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Stops accepting and closes the listening socket (connections being served finish).
    package func stop() {
        state.lock()
        stopping = true
        while !acceptorDone { state.wait() }
        state.unlock()
        close(listener)
    }

    /// Connections being served now.
    package var connections: Int { state.lock(); defer { state.unlock() }; return active }

    private func acceptLoop() {
        while true {
            state.lock()
            if stopping { acceptorDone = true; state.broadcast(); state.unlock(); return }
            state.unlock()
            var pfd = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 100) > 0 else { continue }
            let c = accept(listener, nil, nil)
            if c < 0 {
                // Out of file descriptors (EMFILE/ENFILE) or memory: the connection waits in the
                // backlog; try again shortly instead of giving up the socket.
                if errno != EINTR && errno != EAGAIN && errno != ECONNABORTED { usleep(50_000) }
                continue
            }
            state.lock()
            if active >= limits.maxConnections {
                state.unlock()
                setTimeout(c, SO_SNDTIMEO, 1)
                send(c, Self.encode(.text(503, "too many connections"), head: false, close: true))
                close(c)
                continue
            }
            active += 1
            state.unlock()
            let worker = Thread { [self] in
                serve(c)
                close(c)
                state.lock(); active -= 1; state.unlock()
            }
            worker.stackSize = 4 << 20
            worker.start()
        }
    }

    private func setTimeout(_ fd: Int32, _ option: Int32, _ seconds: Double) {
        let s = max(seconds, 0.001)
        var tv = timeval(tv_sec: Int(s), tv_usec: Int((s - Double(Int(s))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, option, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    private func send(_ fd: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if n < 0 { if errno == EINTR { continue }; return }
            sent += n
        }
    }

    /// Serves one connection: requests one after another (kept alive) until it closes, idles,
    /// misbehaves or has made `requestsPerConnection`.
    private func serve(_ fd: Int32) {
        setTimeout(fd, SO_SNDTIMEO, limits.idleTimeout)
        var buffer: [UInt8] = []
        for _ in 0..<limits.requestsPerConnection {
            let head: [UInt8]
            switch readHead(fd, &buffer) {
            case .closed: return
            case .refused(let status, let why): send(fd, Self.encode(.text(status, why), head: false, close: true)); return
            case .head(let h): head = h
            }
            let (request, refusal, keepAlive) = parse(head)
            if let refusal { send(fd, Self.encode(refusal, head: false, close: true)); return }
            guard let request else { return }
            send(fd, Self.encode(handler(request), head: request.method == "HEAD", close: !keepAlive))
            if !keepAlive { return }
        }
    }

    enum Head {
        case closed
        case refused(Int, String)
        case head([UInt8])
    }

    /// Reads until the blank line that ends a request's head, scanning each byte once; the head
    /// must arrive whole within the idle timeout of its first byte.
    private func readHead(_ fd: Int32, _ buffer: inout [UInt8]) -> Head {
        var scanned = 0
        var lineEnd: Int?
        var deadline: Date?
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            // Look for the end of the request line, then of the head, in what arrived.
            while scanned < buffer.count {
                if buffer[scanned] == 0x0A {
                    if lineEnd == nil { lineEnd = scanned }
                    if scanned >= 1 && buffer[scanned - 1] == 0x0A
                        || scanned >= 3 && buffer[scanned - 1] == 0x0D && buffer[scanned - 2] == 0x0A
                    {
                        let head = Array(buffer[0...scanned])
                        buffer.removeFirst(scanned + 1)
                        return .head(head)
                    }
                }
                scanned += 1
                if lineEnd == nil && scanned > limits.requestLine {
                    return .refused(414, "the request line is over \(limits.requestLine) bytes")
                }
                if scanned > limits.requestLine + limits.headerBytes {
                    return .refused(431, "the request's headers are over \(limits.headerBytes) bytes")
                }
            }
            let wait = deadline.map { $0.timeIntervalSinceNow } ?? limits.idleTimeout
            if wait <= 0 { return buffer.isEmpty ? .closed : .refused(408, "the request took too long to arrive") }
            setTimeout(fd, SO_RCVTIMEO, wait)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 4096, 0) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                return buffer.isEmpty ? .closed : .refused(408, "the request took too long to arrive")
            }
            if n <= 0 { return .closed }
            if deadline == nil { deadline = Date().addingTimeInterval(limits.idleTimeout) }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }

    /// The request in `head`, or the response that refuses it; and whether to keep the connection.
    private func parse(_ head: [UInt8]) -> (Request?, Response?, Bool) {
        guard let text = String(bytes: head, encoding: .utf8) else {
            return (nil, .text(400, "the request is not UTF-8 text"), false)
        }
        // By scalars: a String holds "\r\n" as one Character.
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            Substring(String(String.UnicodeScalarView(line.last == "\r" ? line.dropLast() : line[...])))
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let first = lines.first else { return (nil, .text(400, "an empty request"), false) }
        let parts = first.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return (nil, .text(400, "a malformed request line"), false) }
        let method = String(parts[0]), target = String(parts[1]), version = String(parts[2])
        guard !method.isEmpty, method.allSatisfy({ $0.isASCII && $0.isUppercase }), version.hasPrefix("HTTP/") else {
            return (nil, .text(400, "not an HTTP request"), false)
        }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { return (nil, .text(505, "HTTP/1.1 or 1.0 only"), false) }
        guard limits.methods.contains(method) else {
            let allowed = limits.methods.joined(separator: ", ")
            return (
                nil,
                Response(
                    status: 405, headers: [("Allow", allowed), ("Content-Type", "text/plain")],
                    body: Array("\(allowed) only\n".utf8)), false
            )
        }
        guard target.hasPrefix("/") else { return (nil, .text(400, "the target must be a path"), false) }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard headers.count < limits.headerCount else {
                return (nil, .text(431, "more than \(limits.headerCount) headers"), false)
            }
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex, !line.hasPrefix(" "), !line.hasPrefix("\t"),
                line[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_!#$%&'*+.^`|~".contains($0)) })
            else {
                return (nil, .text(400, "a malformed header line"), false)
            }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        func header(_ name: String) -> [String] { headers.filter { $0.name.lowercased() == name }.map(\.value) }
        let hosts = header("host")
        if version == "HTTP/1.1" && hosts.count != 1 { return (nil, .text(400, "one Host header is required"), false) }
        if let host = hosts.first, !Self.isLocalHost(host, port: port) {
            return (
                nil,
                .text(403, "this preview answers only to an address of this machine or localhost, not \"\(host.prefix(100))\""),
                false
            )
        }
        if header("transfer-encoding").count > 0 || header("content-length").contains(where: { $0 != "0" }) {
            return (nil, .text(413, "requests with a body are not accepted"), false)
        }
        let connection = header("connection").joined(separator: ",").lowercased()
        let keepAlive = version == "HTTP/1.1" ? !connection.contains("close") : connection.contains("keep-alive")
        let pathPart = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(pathPart[0]).removingPercentEncoding ?? String(pathPart[0])
        var query: [(name: String, value: String)] = []
        if pathPart.count == 2 {
            for pair in pathPart[1].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(kv[0]).removingPercentEncoding ?? String(kv[0])
                let value = kv.count == 2 ? (String(kv[1]).removingPercentEncoding ?? String(kv[1])) : ""
                query.append((name, value))
            }
        }
        return (Request(method: method, path: path, query: query, headers: headers), nil, keepAlive)
    }

    /// Whether a Host header names this machine: an IPv4 or bracketed IPv6 address, or
    /// `localhost`, with this server's port (or none). A DNS name is what a rebinding page uses.
    package static func isLocalHost(_ value: String, port: UInt16) -> Bool {
        var name = value.lowercased()
        var given: String?
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            let rest = name[name.index(after: close)...]
            if rest.hasPrefix(":") { given = String(rest.dropFirst()) } else if !rest.isEmpty { return false }
            name = String(name[name.index(after: name.startIndex)..<close])
            var v6 = in6_addr()
            guard inet_pton(AF_INET6, name, &v6) == 1 else { return false }
        } else {
            if let colon = name.lastIndex(of: ":") {
                given = String(name[name.index(after: colon)...]); name = String(name[..<colon])
            }
            var v4 = in_addr()
            guard name == "localhost" || inet_pton(AF_INET, name, &v4) == 1 else { return false }
        }
        if let given { return given == String(port) }
        return true
    }

    static let reasons = [
        200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
        408: "Request Timeout", 413: "Content Too Large", 414: "URI Too Long", 431: "Request Header Fields Too Large",
        500: "Internal Server Error", 503: "Service Unavailable", 505: "HTTP Version Not Supported",
    ]

    static func encode(_ r: Response, head: Bool, close: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(r.status) \(reasons[r.status] ?? "Status")\r\n"
        for (name, value) in r.headers where name.lowercased() != "content-length" { text += "\(name): \(value)\r\n" }
        text += "Content-Length: \(r.body.count)\r\n"
        text += "X-Content-Type-Options: nosniff\r\nConnection: \(close ? "close" : "keep-alive")\r\n\r\n"
        return Array(text.utf8) + (head ? [] : r.body)
    }
}
