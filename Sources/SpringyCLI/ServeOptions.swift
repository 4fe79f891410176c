import ArgumentParser

/// What `preview` and `review` share about serving on loopback: how long a connection may idle.
struct ServeOptions: ParsableArguments {
    @Option(
        name: .customLong("idle-timeout"),
        help: "Seconds a connection may wait for its next request, or take to send one (1-300).")
    var idleTimeout: Double = 10

    func validate() throws {
        if !(idleTimeout >= 1 && idleTimeout <= 300) {
            throw ValidationError("--idle-timeout must be 1-300 seconds, not \(idleTimeout)")
        }
    }

}
