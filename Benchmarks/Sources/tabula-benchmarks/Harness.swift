import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Wall-clock seconds of `body`, run `runs` times after one warm-up; returns (min, median).
func measure(runs: Int, _ body: () -> Void) -> (min: Double, median: Double) {
    body()
    let times = (0..<runs).map { _ in seconds(body) }
    return (times.min()!, median(times))
}

/// The median of `times` (the upper one of an even count).
func median(_ times: [Double]) -> Double {
    times.sorted()[times.count / 2]
}

/// Medians of several timed contenders measured round-robin, one run of each in turn, so that a
/// machine busier at one moment than another (a shared one) slows them alike and leaves their
/// ratios alone. Each contender sets up what it needs untimed and returns the seconds its timed
/// part took. One warm-up run each first.
func measureInterleaved(runs: Int, _ contenders: [() -> Double]) -> [Double] {
    for contender in contenders { _ = contender() }
    var times = [[Double]](repeating: [], count: contenders.count)
    for _ in 0..<runs {
        for (index, contender) in contenders.enumerated() { times[index].append(contender()) }
    }
    return times.map(median)
}

/// The seconds `body` takes, once.
func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The seconds the second of two calls of `body` takes: the first, untimed, brings what `body`
/// reads into the caches, as an app's update finds the list it updated a moment ago.
func warmedSeconds(_ body: () -> Void) -> Double {
    body()
    return seconds(body)
}

/// Keeps a value alive and opaque to the optimiser.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Extra resident memory, in MB, that `body` needed at its peak (Linux: the kernel's high-water
/// mark, reset just before). `nil` where that is not available.
func peakExtraMegabytes(_ body: () -> Void) -> Double? {
    #if os(Linux)
        func status(_ key: String) -> Double? {
            guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
            for line in text.split(separator: "\n") where line.hasPrefix(key) {
                let digits = line.split(separator: " ").compactMap { Double($0) }
                return digits.first.map { $0 / 1024 }
            }
            return nil
        }
        // Hand freed pages back (glibc's malloc_trim, which the Glibc module does not export), so
        // that reusing them cannot hide new allocations.
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            typealias Trim = @convention(c) (Int) -> Int32
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        }
        guard let handle = fopen("/proc/self/clear_refs", "w") else { return nil }
        fputs("5", handle)  // 5: reset the peak resident set size to the current one
        fclose(handle)
        guard let before = status("VmRSS:") else { return nil }
        body()
        guard let peak = status("VmHWM:") else { return nil }
        return max(0, peak - before)
    #else
        body()
        return nil
    #endif
}

func format(_ seconds: Double) -> String { String(format: seconds < 0.001 ? "%.7f" : "%.4f", seconds) }
func ratio(_ value: Double) -> String { String(format: value < 0.01 ? "%.5f" : "%.2f", value) }
