extension ListAdapterCore {
    /// Checks that the view still calls the adapter as its data source and delegate, and reports
    /// each object that took one of those places as a ``ListDiagnostic`` naming the line to
    /// change (``ListDiagnostic/Kind/connectionReplaced(property:object:forwarded:)``); reports
    /// too what ``noteEarlierConnection(of:)`` found. Run at each apply.
    ///
    /// An object that took the delegate's place is adopted where that is safe: it becomes the
    /// app's object the adapter forwards to (every delegate method the adapter does not implement,
    /// and the ones it does after its handlers), and the view's delegate is the adapter again.
    /// That is safe when the object can be the view's delegate, is not another adapter, and the
    /// app has set no other object as the adapter's delegate. A data source is never taken back:
    /// an object the app made the view's data source answers for the rows it shows.
    package func checkConnection() {
        connection.checkScheduled = false
        guard let glue else { return }
        if let objects = glue.connectedObjects {
            check(.dataSource, objects.dataSource, of: glue)
            check(.delegate, objects.delegate, of: glue)
        }
        guard !connection.pending.isEmpty else { return }
        let pending = connection.pending
        connection.pending = []
        pending.forEach(driver.report)
    }

    /// Notes a callback from the view: when the view's data source or delegate is not the adapter
    /// (or something is still to report), ``checkConnection()`` runs on the main actor's next
    /// turn, outside the view's call (taking the delegate back inside it would set the view's
    /// properties while it asks them).
    package func noteCallback() {
        guard !connection.checkScheduled, let glue else { return }
        let objects = glue.connectedObjects
        guard !connection.pending.isEmpty || objects.map({ $0.dataSource !== glue || $0.delegate !== glue }) == true else { return }
        connection.checkScheduled = true
        Task { @MainActor [weak self] in self?.checkConnection() }
    }

    /// Looks at the view's data source and delegate before the adapter takes them, as the adapter
    /// is made: an object there that the app set (not the view's own controller, not another
    /// adapter) is reported at the first apply or callback, and one that was the delegate is
    /// adopted as the app's object the adapter forwards to.
    func noteEarlierConnection(of glue: some ListViewGlue) {
        guard let objects = glue.connectedObjects else { return }
        for (role, object) in [(ConnectionWatch.Role.dataSource, objects.dataSource), (.delegate, objects.delegate)] {
            guard let object, object !== glue, !(object is any ListViewGlue), !glue.isViewsOwnController(object) else { continue }
            let forwarded = role == .delegate && adopt(object, by: glue)
            connection.pending.append(diagnostic(role, object, forwarded: forwarded, of: glue))
        }
    }

    /// Reports `object` in `role` unless it is the adapter or was reported already; adopts it as
    /// the delegate when that is safe.
    private func check(_ role: ConnectionWatch.Role, _ object: AnyObject?, of glue: any ListViewGlue) {
        guard object !== glue else {
            connection.reported[role] = nil
            return
        }
        let id = object.map(ObjectIdentifier.init)
        if let reported = connection.reported[role], reported == id { return }
        connection.reported[role] = .some(id)
        let forwarded = role == .delegate && object.map { adopt($0, by: glue) } == true
        driver.report(diagnostic(role, object, forwarded: forwarded, of: glue))
    }

    /// Makes `object` the app's object the adapter forwards to, when it is safe (see
    /// ``checkConnection()``); returns whether it did.
    private func adopt(_ object: AnyObject, by glue: any ListViewGlue) -> Bool {
        guard !(object is any ListViewGlue) else { return false }
        if let current = forwarding.object, current !== object { return false }
        return glue.adoptDelegate(object)
    }

    private func diagnostic(_ role: ConnectionWatch.Role, _ object: AnyObject?, forwarded: Bool, of glue: any ListViewGlue) -> ListDiagnostic {
        ListDiagnostic(.connectionReplaced(
            property: "\(glue.viewName).\(role.property)", object: object.map { "\(type(of: $0))" } ?? "nil", forwarded: forwarded))
    }
}
