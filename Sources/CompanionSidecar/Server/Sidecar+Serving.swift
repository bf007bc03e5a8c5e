import Foundation

/// Serving: in the foreground until a signal (``run(onListening:)``), or in the background (``start()``).
extension Sidecar {
    /// Serves until SIGINT or SIGTERM, then shuts down gracefully (ServiceLifecycle).
    /// The audit log is pruned (``SidecarConfiguration/auditRetention``) and tasks left running by a previous
    /// sidecar are marked failed first; running tasks are stopped at the end.
    /// Throws ``DataDirectoryInUse`` when another sidecar serves from the same data directory.
    package func run(onListening: @escaping @Sendable (SidecarAddress) async -> Void = { _ in }) async throws {
        let lock = try DataDirectoryLock.acquire(configuration.dataDirectory)
        defer { lock.release() }
        try await prepareServices()
        let advertisement = SidecarAdvertisement()
        defer { advertisement.stop() }
        let configuration = configuration
        let logger = logger
        do {
            try await makeApplication { address in
                advertisement.start(address: address, configuration: configuration, logger: logger)
                await onListening(address)
            }.runService()
        } catch {
            await stopServices()
            throw error
        }
        await stopServices()
    }

    /// Starts serving in the background and returns once the socket is bound (use port 0 for a free port).
    /// Throws ``DataDirectoryInUse`` when another sidecar serves from the same data directory.
    package func start() async throws -> RunningSidecar {
        let lock = try DataDirectoryLock.acquire(configuration.dataDirectory)
        do { try await prepareServices() } catch {
            lock.release()
            throw error
        }
        let (events, continuation) = AsyncStream<Result<SidecarAddress, any Error>>.makeStream()
        let application = makeApplication { address in continuation.yield(.success(address)) }
        let task = Task {
            do { try await application.run() } catch { continuation.yield(.failure(error)) }
            await self.stopServices()
            lock.release()
            continuation.finish()
        }
        for await event in events {
            switch event {
            case .success(let address): return RunningSidecar(address: address, task: task)
            case .failure(let error): throw error
            }
        }
        throw CancellationError()
    }

    /// Before serving: prunes the audit log (``SidecarConfiguration/auditRetention``), marks failed the tasks a
    /// previous sidecar left running, and prepares Claude Code and the agents.
    func prepareServices() async throws {
        try await registry.pruneAuditLog(now: now(), retention: configuration.auditRetention)
        if try await registry.markAuditChainKeyed(at: now(), keyIsNew: configuration.auditKeyIsNew) {
            logger.critical(
                """
                the audit log was emptied or its keyed rows removed while the sidecar was stopped (its audit key \
                existed): recorded as audit_replaced; run `companion sidecar audit --verify`, restore registry.sqlite \
                from a backup and re-pair devices if in doubt
                """)
        }
        try await tasks.runner.recover()
        await claudeCode?.prepare()
        await agents?.prepare()
    }

    /// After serving: removes the owner socket and stops running tasks, Claude Code runs and the agents.
    func stopServices() async {
        removeOwnerSocket()
        await tasks.runner.stopAll()
        await claudeCode?.shutdown()
        await agents?.shutdown()
        await push?.shutdown()
    }
}
