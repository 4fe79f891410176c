import Foundation
import SpringyCore
import Synchronization

/// A tool Springy feeds (ffmpeg): started with posix_spawn, its standard input and error on
/// pipes, standard output inherited (or discarded). Foundation's `Process` and `Pipe` trap when the process is
/// out of file descriptors (`ulimit -n 16`: "Unable to create timer Port"); this one says so.
package final class ChildProcess: Sendable {
    let pid: pid_t
    /// What the tool reads (the write end of its standard input).
    package let input: FileHandle
    /// What the tool says (the read end of its standard error).
    package let errorOutput: FileHandle
    private let status = Mutex<Int32?>(nil)

    /// Starts `executable` (a path) with `arguments`; a failure to make the pipes or to start
    /// it is an error naming `what`.
    package init(_ executable: String, _ arguments: [String], what: String, discardOutput: Bool = false) throws {
        func failure(_ step: String, _ code: Int32) -> OutputError {
            let hint = code == EMFILE || code == ENFILE ? " (raise the limit of open files: ulimit -n)" : ""
            return OutputError(
                "cannot start \(PathText.lastComponent(executable)) for \(what): \(step): \(String(cString: strerror(code)))\(hint)"
            )
        }
        var inPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        /// A pipe whose ends are not inherited by other children (the spawn duplicates what it needs).
        func cloexecPipe(_ fds: inout [Int32]) -> Bool {
            guard pipe(&fds) == 0 else { return false }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return true
        }
        guard cloexecPipe(&inPipe) else { throw failure("no pipe for its input", errno) }
        guard cloexecPipe(&errPipe) else {
            let code = errno
            close(inPipe[0]); close(inPipe[1])
            throw failure("no pipe for its messages", code)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        if discardOutput { posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, nil, argv, environ)
        close(inPipe[0]); close(errPipe[1])
        guard rc == 0 else {
            close(inPipe[1]); close(errPipe[0])
            throw failure("posix_spawn", rc)
        }
        pid = child
        input = FileHandle(fileDescriptor: inPipe[1], closeOnDealloc: true)
        errorOutput = FileHandle(fileDescriptor: errPipe[0], closeOnDealloc: true)
    }

    /// Waits for the tool to end; its exit status (128 + the signal when a signal ended it).
    @discardableResult
    package func wait() -> Int32 {
        status.withLock { known in
            if let known { return known }
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
            let code = raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
            known = code
            return code
        }
    }

    /// Whether it has not ended yet (reaped here when it has).
    package var isRunning: Bool {
        status.withLock { known in
            guard known == nil else { return false }
            var raw: Int32 = 0
            guard waitpid(pid, &raw, WNOHANG) == pid else { return true }
            known = raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
            return false
        }
    }

    /// Asks it to stop (SIGTERM).
    package func terminate() { if isRunning { kill(pid, SIGTERM) } }
}
