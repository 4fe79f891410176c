import Foundation

/// CPU time, for what Springy measures about its own work (`--timings`, `bench --shards`):
/// unlike the wall clock it does not count waiting (a disk flushing, another process on the
/// core), so the same work measures the same. Nothing drawn or written depends on it.
package enum CPUTime {
    /// Seconds of CPU this thread has used.
    package static var thread: Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    /// Seconds of CPU this process has used, user and system, every thread.
    package static var process: Double {
        var u = rusage()
        getrusage(RUSAGE_SELF.rawValue, &u)
        return Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6
    }
}
