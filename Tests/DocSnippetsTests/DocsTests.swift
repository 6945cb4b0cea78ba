import Foundation
import Testing

/// Every Swift code block of README.md and the DocC articles stands, line for line, in code that
/// compiles: `Snippets.swift` here (built and run by `swift test`), `DocSnippetsApple/` and
/// `SampleApp/` (built for iOS and macOS by the Apple SDK build), the snapshot-testing product's
/// tests (`Tests/TabulaSnapshotTestingTests`), or, for the package manifest,
/// `Tests/Fixtures/InstallExample`.
@Suite("The docs' code blocks compile")
struct DocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func read(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    static func files(under folder: String, ending suffix: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(suffix) }.map { folder + "/" + $0 }.sorted()
    }

    /// The docs: README.md and every DocC article.
    static var documents: [String] { ["README.md"] + files(under: "Sources", ending: ".md").filter { $0.contains(".docc/") } }

    /// The ```swift blocks of `markdown`, with the line each starts at.
    static func swiftBlocks(in markdown: String) -> [(line: Int, text: [String])] {
        var blocks: [(Int, [String])] = []
        var current: (Int, [String])?
        for (number, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = (number + 1, [])
            } else if current != nil, trimmed == "```" {
                blocks.append(current!)
                current = nil
            } else if current != nil {
                current!.1.append(String(line))
            }
        }
        return blocks
    }

    /// A block's paragraphs (runs of lines between blank lines), each line trimmed, imports left out:
    /// each paragraph must stand as a run of lines in compiled code.
    static func paragraphs(_ block: [String]) -> [[String]] {
        var result: [[String]] = [[]]
        for line in block.map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.isEmpty {
                if !result[result.count - 1].isEmpty { result.append([]) }
            } else if !line.hasPrefix("import ") {
                result[result.count - 1].append(line)
            }
        }
        return result.filter { !$0.isEmpty }
    }

    static func trimmedLines(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func contains(_ haystack: [String], run: [String]) -> Bool {
        guard run.count <= haystack.count else { return false }
        for start in 0...(haystack.count - run.count) where haystack[start] == run[0] {
            if Array(haystack[start..<(start + run.count)]) == run { return true }
        }
        return false
    }

    @Test("every Swift block of README.md and the DocC articles stands in compiled code")
    func blocksCompile() throws {
        let compiled = try (Self.files(under: "Tests/DocSnippetsTests", ending: ".swift") + Self.files(under: "DocSnippetsApple", ending: ".swift")
            + Self.files(under: "SampleApp", ending: ".swift") + Self.files(under: "Tests/TabulaSnapshotTestingTests", ending: ".swift")
            + ["Tests/Fixtures/InstallExample/Package.swift"]).map { Self.trimmedLines(try Self.read($0)) }
        var checked = 0
        for document in Self.documents {
            for block in Self.swiftBlocks(in: try Self.read(document)) {
                for paragraph in Self.paragraphs(block.text) {
                    checked += 1
                    #expect(compiled.contains { Self.contains($0, run: paragraph) },
                            "\(document):\(block.line): this part of a code block is not in compiled code:\n\(paragraph.joined(separator: "\n"))")
                }
            }
        }
        #expect(checked > 10, "the docs have code blocks to check")
    }

    @Test("the checker finds a block that is not in compiled code")
    func checkerCatchesDrift() {
        let markdown = "Text\n```swift\nlet snapshot = try Snapshot(values: [1, 2])\n\nnot.compiled(anywhere)\n```\n"
        let blocks = Self.swiftBlocks(in: markdown)
        #expect(blocks.count == 1 && blocks[0].line == 2)
        let paragraphs = Self.paragraphs(blocks[0].text)
        #expect(paragraphs == [["let snapshot = try Snapshot(values: [1, 2])"], ["not.compiled(anywhere)"]])
        let code = Self.trimmedLines("func f() throws {\n    let snapshot = try Snapshot(values: [1, 2])\n}")
        #expect(Self.contains(code, run: paragraphs[0]))
        #expect(!Self.contains(code, run: paragraphs[1]))
    }

    @Test("the install snippet's manifest is a manifest SwiftPM reads")
    func installManifest() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "dump-package", "--package-path", Self.root.appendingPathComponent("Tests/Fixtures/InstallExample").path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(output.contains("\"TabulaUIKit\"") && output.contains("\"TabulaTesting\""))
    }
}
