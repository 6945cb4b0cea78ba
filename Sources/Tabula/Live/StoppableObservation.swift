/// An observation that can be stopped (type-erased, so ``ComposedList`` can store observations
/// without raising its own availability).
@MainActor
protocol StoppableObservation: AnyObject {
    func stop()
}

#if canImport(Observation)
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension ListObservation: StoppableObservation {}
#endif
