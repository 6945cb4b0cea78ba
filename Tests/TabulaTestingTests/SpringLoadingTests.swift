import Tabula
import TabulaTesting
import Testing

/// Spring-loaded outline folders: a drag resting over a collapsed folder that takes drops
/// expands it after the adapter's delay; moving on, or over anything else, starts the wait again.
@MainActor
@Suite("Spring-loaded outline folders")
struct SpringLoadingTests {
    @Test("the decision: wait over a folder, expand once the delay has passed over the same one, start again elsewhere")
    func decision() {
        var hover = SpringLoading<String>()
        #expect(hover.hover(over: nil, at: 0, delay: 1) == .none)
        #expect(hover.hover(over: "A", at: 1, delay: 1) == .wait(seconds: 1))
        #expect(hover.hover(over: "A", at: 1.25, delay: 1) == .wait(seconds: 0.75))
        // Over another folder: its own wait.
        #expect(hover.hover(over: "B", at: 1.5, delay: 1) == .wait(seconds: 1))
        #expect(hover.hover(over: "B", at: 2.5, delay: 1) == .expand("B"))
        // Expanded once: not again until the drag leaves and comes back.
        #expect(hover.hover(over: "B", at: 9, delay: 1) == .none)
        #expect(hover.hover(over: nil, at: 9.5, delay: 1) == .none)
        #expect(hover.hover(over: "B", at: 10, delay: 1) == .wait(seconds: 1))
        hover.end()
        #expect(hover.hover(over: "A", at: 11, delay: 0) == .expand("A"))
    }

    @Test("a drag resting over a collapsed folder of the headless list opens it after the delay, on the view's clock")
    func headless() async throws {
        let screen = try await OutlineDropTests.Screen()
        #expect(screen.rows == ["Documents", "Work", "Reports", "Personal", "Music", "Photos"])
        let drag = try screen.drag("Music")
        screen.adapter.springLoadingDelay = 1
        try screen.list.hover(drag, over: try screen.path("Photos"))
        screen.list.clock.advance(by: 0.5)
        await screen.adapter.driver.waitUntilIdle()
        #expect(screen.rows.last == "Photos", "not yet")
        screen.list.clock.advance(by: 0.5)
        await screen.adapter.driver.waitUntilIdle()
        #expect(screen.rows.suffix(2) == ["Photos", "Trips"], "sprung open")
        // The drop lands among the folder's children.
        try screen.list.drop(drag, at: try screen.path("Trips"))
        await screen.adapter.driver.waitUntilIdle()
        #expect(screen.tree?.children(of: "Photos")?.map(\.id) == ["Music", "Trips"])
    }

    @Test("no spring loading over a folder the app keeps drops out of, an expanded one, a leaf, or when turned off")
    func notEveryRow() async throws {
        let screen = try await OutlineDropTests.Screen()
        let core = screen.adapter.core
        screen.adapter.apply(try OutlineAccessibilityTests.tree(expanding: ["Documents"]), to: "folders")
        await screen.adapter.driver.waitUntilIdle()
        #expect(core.springLoadedFolder(at: try screen.path("Photos")) == "Photos")
        #expect(core.springLoadedFolder(at: try screen.path("Documents")) == nil, "expanded")
        #expect(core.springLoadedFolder(at: try screen.path("Music")) == nil, "no children")
        #expect(core.springLoadedFolder(at: ItemPath(item: 0, section: 0)) == nil, "a plain section's row")
        screen.adapter.canDropInto = { $0.id != "Work" }
        #expect(core.springLoadedFolder(at: try screen.path("Work")) == nil, "the app keeps drops out")
        screen.adapter.springLoadingDelay = nil
        #expect(core.dragHovers(over: try screen.path("Photos"), at: 0) == .none)
        screen.adapter.springLoadingDelay = 0
        #expect(core.dragHovers(over: try screen.path("Photos"), at: 0) == .expand("Photos"))
    }
}
