import Dispatch
import Foundation
import SpringyKit

/// SIGINT and SIGTERM stop a render between frames: what is written stays whole, the
/// run exits with 128 + the signal (130, 143), and the same command completes the set.
enum Interrupt {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var received: Int32 = 0
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    static func install() {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler {
                lock.lock(); if received == 0 { received = sig }; lock.unlock()
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Throws once a signal has arrived.
    static func check() throws {
        lock.lock(); let s = received; lock.unlock()
        if s != 0 { throw Cancelled(reason: s == SIGINT ? "interrupted" : "terminated", signal: s) }
    }
}
