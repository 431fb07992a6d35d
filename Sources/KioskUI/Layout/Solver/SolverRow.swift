/// A symbol of the solver's tableau: a variable of the app's layout (`external`), or one the
/// solver makes for a constraint (`slack` for an inequality, `error` for a constraint that
/// may be broken, `dummy` for a required equality, which marks it).
struct SolverSymbol: Hashable, Comparable {
  enum Kind: UInt8 {
    case invalid
    case external
    case slack
    case error
    case dummy
  }

  /// Increasing in the order the symbols were made: the tableau's choices among equal
  /// candidates take the lowest, so that one set of constraints always gives one layout
  /// (a dictionary's order changes from one process to the next).
  let id: Int
  let kind: Kind

  static let invalid = SolverSymbol(id: 0, kind: .invalid)

  var isValid: Bool { kind != .invalid }
  /// Whether the simplex may move it out of the basis (slack and error symbols).
  var isPivotable: Bool { kind == .slack || kind == .error }

  static func < (a: SolverSymbol, b: SolverSymbol) -> Bool { a.id < b.id }
}

/// A row of the tableau: `constant + Σ coefficient × symbol`, its cells kept sorted by
/// symbol (a row has few cells; a sorted array is smaller and faster than a dictionary,
/// and its order is fixed).
struct SolverRow {
  private(set) var constant: Double
  private(set) var cells: [(symbol: SolverSymbol, coefficient: Double)] = []

  init(constant: Double = 0) {
    self.constant = constant
  }

  /// Below this a coefficient counts as zero (and leaves the row).
  static let epsilon = 1e-8

  static func isNearZero(_ value: Double) -> Bool { abs(value) < epsilon }

  var isConstant: Bool { cells.isEmpty }

  /// Whether every symbol of the row is a dummy (a required equality's marker).
  var hasOnlyDummies: Bool { cells.allSatisfy { $0.symbol.kind == .dummy } }

  private func index(of symbol: SolverSymbol) -> (found: Bool, at: Int) {
    var low = 0
    var high = cells.count
    while low < high {
      let middle = (low + high) / 2
      if cells[middle].symbol.id < symbol.id {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return (low < cells.count && cells[low].symbol == symbol, low)
  }

  func coefficient(of symbol: SolverSymbol) -> Double {
    let place = index(of: symbol)
    return place.found ? cells[place.at].coefficient : 0
  }

  /// Adds `value` to the constant and returns the new constant.
  @discardableResult
  mutating func add(_ value: Double) -> Double {
    constant += value
    return constant
  }

  /// Adds `coefficient × symbol`; a cell that comes to zero leaves.
  mutating func insert(_ symbol: SolverSymbol, _ coefficient: Double = 1) {
    let place = index(of: symbol)
    if place.found {
      let sum = cells[place.at].coefficient + coefficient
      if Self.isNearZero(sum) {
        cells.remove(at: place.at)
      } else {
        cells[place.at].coefficient = sum
      }
    } else if !Self.isNearZero(coefficient) {
      cells.insert((symbol, coefficient), at: place.at)
    }
  }

  /// Adds `coefficient × row`.
  mutating func insert(_ row: SolverRow, _ coefficient: Double = 1) {
    constant += row.constant * coefficient
    for cell in row.cells { insert(cell.symbol, cell.coefficient * coefficient) }
  }

  mutating func remove(_ symbol: SolverSymbol) {
    let place = index(of: symbol)
    if place.found { cells.remove(at: place.at) }
  }

  mutating func reverseSign() {
    constant = -constant
    for index in cells.indices { cells[index].coefficient = -cells[index].coefficient }
  }

  /// Solves `0 = row` for `symbol`: the row becomes `symbol`'s value (`symbol` leaves it).
  mutating func solve(for symbol: SolverSymbol) {
    let place = index(of: symbol)
    precondition(place.found, "solving a row for a symbol it does not hold")
    let factor = -1 / cells[place.at].coefficient
    cells.remove(at: place.at)
    constant *= factor
    for index in cells.indices { cells[index].coefficient *= factor }
  }

  /// Solves `lhs = row` for `rhs`: the row becomes `rhs`'s value, `lhs` one of its symbols.
  mutating func solve(for lhs: SolverSymbol, _ rhs: SolverSymbol) {
    insert(lhs, -1)
    solve(for: rhs)
  }

  /// Replaces `symbol` by `row` (its value) wherever it appears here; returns whether it
  /// did. (Mutating even when it finds nothing: called on a row in the tableau's
  /// dictionary, a mutating call works in place where a read would copy the row.)
  @discardableResult
  mutating func substitute(_ symbol: SolverSymbol, _ row: SolverRow) -> Bool {
    if let last = cells.last, last.symbol.id < symbol.id { return false }
    let place = index(of: symbol)
    guard place.found else { return false }
    let coefficient = cells[place.at].coefficient
    cells.remove(at: place.at)
    insert(row, coefficient)
    return true
  }
}
