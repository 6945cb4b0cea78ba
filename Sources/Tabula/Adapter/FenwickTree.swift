/// Counts over slots, with O(log *n*) updates and prefix sums.
struct FenwickTree {
    private var tree: [Int]

    init(count: Int) { tree = [Int](repeating: 0, count: count + 1) }

    mutating func add(_ delta: Int, at index: Int) {
        var i = index + 1
        while i < tree.count {
            tree[i] += delta
            i += i & -i
        }
    }

    /// The sum of the counts of the slots before `index`.
    func prefixSum(upTo index: Int) -> Int {
        var sum = 0
        var i = index
        while i > 0 {
            sum += tree[i]
            i -= i & -i
        }
        return sum
    }
}
