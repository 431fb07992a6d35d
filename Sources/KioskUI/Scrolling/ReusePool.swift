/// The views that scrolled out of a table or a collection view, waiting by reuse identifier
/// to show another row or item, and a count of the views the list had to make. Taking a
/// view out and putting one back change the arrays in place, so reuse in steady scrolling
/// allocates nothing.
struct ReusePool<Key: Hashable, Item: AnyObject> {
  private var waiting: [Key: [Item]] = [:]
  /// How many views the list made because none was waiting (for tests of reuse).
  private(set) var madeCount = 0

  /// A waiting view filed under `key`, if any.
  mutating func pop(_ key: Key) -> Item? {
    waiting[key]?.popLast()
  }

  /// Files `item` under `key`.
  mutating func push(_ item: Item, for key: Key) {
    waiting[key, default: []].append(item)
  }

  /// Makes a view when none was waiting, and counts it.
  mutating func make(_ factory: () -> Item) -> Item {
    madeCount += 1
    return factory()
  }

  /// How many views are waiting.
  var count: Int { waiting.values.reduce(0) { $0 + $1.count } }
}

/// The first index below `count` for which `isPast` holds (it must hold for every index
/// after it too), or `count`: a binary search over sorted positions, for finding the rows
/// or lines in view among thousands.
func firstIndex(in count: Int, where isPast: (Int) -> Bool) -> Int {
  var low = 0
  var high = count
  while low < high {
    let middle = (low + high) / 2
    if isPast(middle) { high = middle } else { low = middle + 1 }
  }
  return low
}
