/// What the watcher saw: project directories to rescan, or everything (the projects directory itself changed, or
/// the kernel's event queue overflowed).
struct WatchedChanges: Sendable {
    var projects: Set<String> = []
    var everything = false
    var isEmpty: Bool { projects.isEmpty && !everything }
}

#if canImport(Glibc)
    import Glibc
    import Foundation

    /// Watches the projects directory and each project directory with inotify, on its own thread, and reports
    /// which project directories changed once events stop arriving for `debounce` (or after `4 × debounce` of
    /// continuous events). New project directories are watched as they appear. Pending changes can also be taken
    /// synchronously (``takePending()``), so a request right after a write sees it before the debounce ends.
    final class InotifyWatcher: @unchecked Sendable {
        private let root: String
        private let debounce: Duration
        private let onChange: @Sendable (WatchedChanges) -> Void
        private let lock = NSLock()
        private var pending = WatchedChanges()
        private var inotify: Int32 = -1
        private var wake: (read: Int32, write: Int32) = (-1, -1)
        private var watches: [Int32: String] = [:]  // Watch descriptor → project name ("" for the root).
        private var thread: Thread?
        private let finished = DispatchSemaphore(value: 0)
        /// Whether the projects directory itself was watched at ``start(projects:)``: false when it did not exist
        /// yet (Claude Code had never run), so nothing under it can be seen until the watcher is started again.
        private(set) var watchesRoot = false

        private static let rootMask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF)
        private static let projectMask = UInt32(
            IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF)

        init(root: String, debounce: Duration, onChange: @escaping @Sendable (WatchedChanges) -> Void) {
            self.root = root
            self.debounce = debounce
            self.onChange = onChange
        }

        /// Starts watching `projects` (the current project directories) and the root.
        func start(projects: [String]) throws {
            inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard inotify >= 0 else { throw JSONLLineReader.ReadError(code: errno) }
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else {
                close(inotify)
                throw JSONLLineReader.ReadError(code: errno)
            }
            for fd in fds {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            }
            wake = (fds[0], fds[1])
            addWatch(name: "")
            watchesRoot = watches.values.contains("")
            for project in projects { addWatch(name: project) }
            let thread = Thread { [self] in run() }
            thread.name = "claude-index-inotify"
            self.thread = thread
            thread.start()
        }

        /// Stops the thread and closes the descriptors; returns once the thread has ended.
        func stop() {
            guard thread != nil else { return }
            var byte: UInt8 = 1
            _ = write(wake.write, &byte, 1)
            finished.wait()
            close(inotify)
            close(wake.read)
            close(wake.write)
            thread = nil
        }

        /// The changes seen and not yet reported, which are then not reported again.
        func takePending() -> WatchedChanges {
            lock.lock()
            defer { lock.unlock() }
            let taken = pending
            pending = WatchedChanges()
            return taken
        }

        private func addWatch(name: String) {
            let path = name.isEmpty ? root : "\(root)/\(name)"
            let descriptor = inotify_add_watch(inotify, path, name.isEmpty ? Self.rootMask : Self.projectMask)
            if descriptor >= 0 { watches[descriptor] = name }
        }

        private func run() {
            defer { finished.signal() }
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            let clock = ContinuousClock()
            var burst: (first: ContinuousClock.Instant, last: ContinuousClock.Instant)?
            func due() -> ContinuousClock.Instant? { burst.map { min($0.last + debounce, $0.first + debounce * 4) } }
            while true {
                var timeout: Int32 = -1
                if let due = due() {
                    let remaining = max(due - clock.now, .zero)
                    timeout =
                        Int32(
                            remaining.components.seconds * 1000 + remaining.components.attoseconds
                                / 1_000_000_000_000_000)
                        + 1
                }
                var fds = [
                    pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
                ]
                if poll(&fds, 2, timeout) < 0 && errno != EINTR { return }
                if fds[1].revents != 0 { return }
                if fds[0].revents != 0 && readEvents(&buffer) {
                    let now = clock.now
                    burst = (burst?.first ?? now, now)
                }
                if let due = due(), clock.now >= due {
                    burst = nil
                    let changes = takePending()
                    if !changes.isEmpty { onChange(changes) }
                }
            }
        }

        /// Reads the queued events into ``pending``; whether there were any.
        private func readEvents(_ buffer: inout [UInt8]) -> Bool {
            var any = false
            while true {
                let got = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
                guard got > 0 else { return any }
                any = true
                var changes = WatchedChanges()
                var newProjects: [String] = []
                buffer.withUnsafeBytes { raw in
                    var offset = 0
                    while offset + 16 <= got {
                        let descriptor = raw.load(fromByteOffset: offset, as: Int32.self)
                        let mask = raw.load(fromByteOffset: offset + 4, as: UInt32.self)
                        let length = Int(raw.load(fromByteOffset: offset + 12, as: UInt32.self))
                        let nameBytes = UnsafeRawBufferPointer(rebasing: raw[(offset + 16)..<(offset + 16 + length)])
                        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                        offset += 16 + length
                        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                            changes.everything = true
                            continue
                        }
                        guard let project = watches[descriptor] else { continue }
                        if mask & UInt32(IN_IGNORED) != 0 {
                            watches[descriptor] = nil
                            continue
                        }
                        if project.isEmpty {
                            changes.everything = true
                            if mask & UInt32(IN_ISDIR) != 0 && mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                                newProjects.append(name)
                            }
                        } else if name.hasSuffix(".jsonl") || mask & UInt32(IN_DELETE_SELF) != 0 {
                            changes.projects.insert(project)
                        }
                    }
                }
                for project in newProjects where ClaudeProjectsDirectory.isValidProjectName(project) {
                    addWatch(name: project)
                    changes.projects.insert(project)
                }
                lock.lock()
                pending.projects.formUnion(changes.projects)
                pending.everything = pending.everything || changes.everything
                lock.unlock()
            }
        }
    }
#else
    import Foundation

    /// Without inotify, nothing is watched: queries check every transcript's `stat` instead.
    final class InotifyWatcher: Sendable {
        init(root: String, debounce: Duration, onChange: @escaping @Sendable (WatchedChanges) -> Void) {}
        func start(projects: [String]) throws {}
        func stop() {}
        func takePending() -> WatchedChanges { WatchedChanges(everything: true) }
    }
#endif
