import Testing

@testable import KioskUI

/// The Cassowary solver under Auto Layout: equalities, inequalities, strengths, removal,
/// edit variables, and refusal of a required constraint that cannot hold.
@MainActor @Suite struct ConstraintSolverTests {
  private let required = ConstraintSolver.required
  private let strong = 1e6
  private let weak = 1.0

  /// `Σ terms + constant relation 0` at `strength`.
  private func constraint(
    _ terms: [(LayoutVariable, Double)], _ constant: Double,
    _ relation: SolverConstraint.Relation, strength: Double = ConstraintSolver.required
  ) -> SolverConstraint {
    SolverConstraint(LinearExpression(terms, constant: constant), relation, strength: strength)
  }

  private func solved(_ solver: ConstraintSolver) {
    solver.updateVariables()
  }

  @Test func equalitiesAreSolved() throws {
    let solver = ConstraintSolver()
    let x = LayoutVariable("x")
    let y = LayoutVariable("y")
    // x + y = 100, x = 2y
    try solver.add(constraint([(x, 1), (y, 1)], -100, .equal))
    try solver.add(constraint([(x, 1), (y, -2)], 0, .equal))
    solved(solver)
    #expect(abs(x.value - 200.0 / 3) < 1e-9 && abs(y.value - 100.0 / 3) < 1e-9)
  }

  @Test func inequalitiesBoundWhatWeakerWishesAsk() throws {
    let solver = ConstraintSolver()
    let x = LayoutVariable("x")
    try solver.add(constraint([(x, 1)], -10, .greaterThanOrEqual))
    try solver.add(constraint([(x, 1)], -20, .lessThanOrEqual))
    let wish = constraint([(x, 1)], 0, .equal, strength: weak)
    try solver.add(wish)
    solved(solver)
    #expect(abs(x.value - 10) < 1e-9)
    try solver.remove(wish)
    try solver.add(constraint([(x, 1)], -30, .equal, strength: weak))
    solved(solver)
    #expect(abs(x.value - 20) < 1e-9)
  }

  @Test func theStrongerConstraintWinsAndTheWeakerHoldsOnceItGoes() throws {
    let solver = ConstraintSolver()
    let x = LayoutVariable("x")
    let strongWish = constraint([(x, 1)], -100, .equal, strength: strong)
    try solver.add(strongWish)
    try solver.add(constraint([(x, 1)], -50, .equal, strength: weak))
    solved(solver)
    #expect(abs(x.value - 100) < 1e-9)
    try solver.remove(strongWish)
    solved(solver)
    #expect(abs(x.value - 50) < 1e-9)
    #expect(solver.constraintCount == 1)
  }

  @Test func removingARequiredBoundLetsTheWishHold() throws {
    let solver = ConstraintSolver()
    let x = LayoutVariable("x")
    let floor = constraint([(x, 1)], -10, .greaterThanOrEqual)
    try solver.add(floor)
    try solver.add(constraint([(x, 1)], -5, .equal, strength: weak))
    solved(solver)
    #expect(abs(x.value - 10) < 1e-9)
    try solver.remove(floor)
    solved(solver)
    #expect(abs(x.value - 5) < 1e-9)
  }

  /// A required constraint against the required ones is refused, and the solver carries on
  /// as before it was offered: through the first check (all dummies) and through phase one.
  @Test func anUnsatisfiableConstraintIsRefusedAndChangesNothing() throws {
    let solver = ConstraintSolver()
    let x = LayoutVariable("x")
    let y = LayoutVariable("y")
    try solver.add(constraint([(x, 1)], -10, .equal))
    try solver.add(constraint([(y, 1)], -20, .equal))
    let contradiction = constraint([(x, 1)], -20, .equal)
    #expect(throws: ConstraintSolverError.unsatisfiable) { try solver.add(contradiction) }
    let sameValue = constraint([(x, 1), (y, -1)], 0, .equal)
    #expect(throws: ConstraintSolverError.unsatisfiable) { try solver.add(sameValue) }
    let tooFar = constraint([(x, 1)], -15, .greaterThanOrEqual)
    #expect(throws: ConstraintSolverError.unsatisfiable) { try solver.add(tooFar) }
    #expect(!solver.contains(contradiction) && !solver.contains(sameValue))
    #expect(solver.constraintCount == 2)
    solved(solver)
    #expect(abs(x.value - 10) < 1e-9 && abs(y.value - 20) < 1e-9)
    // Still usable: a satisfiable one is added and holds.
    let z = LayoutVariable("z")
    try solver.add(constraint([(z, 1), (x, -1), (y, -1)], 0, .equal))
    solved(solver)
    #expect(abs(z.value - 30) < 1e-9)
  }

  @Test func anEditVariableMovesWhatDependsOnIt() throws {
    let solver = ConstraintSolver()
    let left = LayoutVariable("left")
    let width = LayoutVariable("width")
    let right = LayoutVariable("right")
    try solver.add(constraint([(left, 1)], -10, .equal))
    try solver.add(constraint([(right, 1), (left, -1), (width, -1)], 0, .equal))
    try solver.add(constraint([(width, 1)], -300, .lessThanOrEqual))
    try solver.addEditVariable(width, strength: strong)
    try solver.suggest(100, for: width)
    solved(solver)
    #expect(abs(right.value - 110) < 1e-9)
    try solver.suggest(50, for: width)
    solved(solver)
    #expect(abs(right.value - 60) < 1e-9)
    // Past the required bound the bound holds.
    try solver.suggest(500, for: width)
    solved(solver)
    #expect(abs(width.value - 300) < 1e-9 && abs(right.value - 310) < 1e-9)
    try solver.removeEditVariable(width)
    #expect(!solver.hasEditVariable(width))
  }

  @Test func misuseIsRefused() throws {
    let solver = ConstraintSolver()
    let x = LayoutVariable("x")
    let fixed = constraint([(x, 1)], -1, .equal)
    try solver.add(fixed)
    #expect(throws: ConstraintSolverError.duplicateConstraint) { try solver.add(fixed) }
    #expect(throws: ConstraintSolverError.unknownConstraint) {
      try solver.remove(constraint([(x, 1)], 0, .equal))
    }
    #expect(throws: ConstraintSolverError.requiredEditVariable) {
      try solver.addEditVariable(x, strength: ConstraintSolver.required)
    }
    #expect(throws: ConstraintSolverError.unknownEditVariable) { try solver.suggest(3, for: x) }
  }

  /// A row of 200 views, each 4 constraints (800): left edge, width, and spacing; then one
  /// width changed through an edit variable moves every view after it.
  @Test func aRowOfTwoHundredViews() throws {
    let solver = ConstraintSolver()
    var lefts: [LayoutVariable] = []
    var widths: [LayoutVariable] = []
    for index in 0..<200 {
      let left = LayoutVariable("view\(index).left")
      let width = LayoutVariable("view\(index).width")
      if let previousLeft = lefts.last, let previousWidth = widths.last {
        // left = previous left + previous width + 8
        try solver.add(
          constraint([(left, 1), (previousLeft, -1), (previousWidth, -1)], -8, .equal))
      } else {
        try solver.add(constraint([(left, 1)], -16, .equal))
      }
      try solver.add(constraint([(width, 1)], -44, .greaterThanOrEqual))
      try solver.add(constraint([(width, 1)], -200, .lessThanOrEqual))
      try solver.add(constraint([(width, 1)], -60, .equal, strength: weak))
      lefts.append(left)
      widths.append(width)
    }
    #expect(solver.constraintCount == 800)
    solved(solver)
    #expect(abs(lefts[199].value - (16 + 199 * 68)) < 1e-6)
    try solver.addEditVariable(widths[10], strength: strong)
    try solver.suggest(100, for: widths[10])
    solved(solver)
    #expect(abs(lefts[199].value - (16 + 199 * 68 + 40)) < 1e-6)
    #expect(abs(lefts[10].value - (16 + 10 * 68)) < 1e-6)
  }

  /// A constant changed in place (`changeConstant`) gives what a solver made afresh with
  /// the new constants gives, for every kind of constraint: required and not, equalities
  /// and both inequalities, 400 changes in a seeded random order.
  @Test func aConstantChangedInPlaceSolvesAsAFreshSolverDoes() throws {
    var random = SeededRandom(seed: 7)
    let count = 10
    let x = (0..<count).map { LayoutVariable("x\($0)") }
    // (terms, constant, relation, strength), the constants changed as the test goes.
    var specs: [([(LayoutVariable, Double)], Double, SolverConstraint.Relation, Double)] = []
    specs.append(([(x[0], 1)], -50, .equal, required))
    for i in 0..<count {
      specs.append(([(x[i], 1)], 0, .greaterThanOrEqual, required))
      specs.append(([(x[i], 1)], -5000, .lessThanOrEqual, required))
      specs.append(([(x[i], 1)], -Double(100 * i), .equal, 10 + Double(i)))
      specs.append(([(x[i], 1)], -Double(90 * i + 40), .lessThanOrEqual, 1000 + Double(i)))
      if i > 0 {
        specs.append(([(x[i], 1), (x[i - 1], -1)], -20, .greaterThanOrEqual, required))
        specs.append(([(x[i], 1), (x[i - 1], -1)], -300, .lessThanOrEqual, 100 + Double(i)))
      }
    }
    let solver = ConstraintSolver()
    let added = specs.map { constraint($0.0, $0.1, $0.2, strength: $0.3) }
    for constraint in added { try solver.add(constraint) }
    for step in 0..<400 {
      let index = random.next(below: specs.count)
      // Kept feasible: the fixed start and the bounds stay inside the 0…5000 box.
      let constant: Double =
        switch index {
        case 0: -Double(random.next(below: 200))
        default: specs[index].1 + Double(random.next(below: 81)) - 40
        }
      let isBound = specs[index].3 == required && specs[index].0.count == 1 && index != 0
      guard !isBound else { continue }
      specs[index].1 = constant
      try solver.changeConstant(of: added[index], to: constant)
      solver.updateVariables()
      let mine = x.map(\.value)
      // The fresh solver has variables of its own (a variable belongs to one solver, which
      // writes only the values that changed since it last wrote).
      let y = (0..<count).map { LayoutVariable("y\($0)") }
      let fresh = ConstraintSolver()
      for spec in specs {
        let terms = spec.0.map { term in
          (y[x.firstIndex { $0 === term.0 } ?? 0], term.1)
        }
        try fresh.add(constraint(terms, spec.1, spec.2, strength: spec.3))
      }
      fresh.updateVariables()
      let theirs = y.map(\.value)
      #expect(
        zip(mine, theirs).allSatisfy { abs($0 - $1) < 1e-6 }, "step \(step): \(mine) \(theirs)")
    }
  }

  /// `updateVariables()` writes only the variables whose rows changed since it last wrote
  /// (when few did): one moved by a pivot of the dual simplex (its row changed by
  /// substitution, not by the constant's shift) is among them.
  @Test func aVariableMovedByAPivotIsWrittenOut() throws {
    let solver = ConstraintSolver()
    // Others that stay where they are, so that the change moves few of the variables.
    for index in 0..<10 {
      try solver.add(constraint([(LayoutVariable("fixed\(index)"), 1)], -1, .equal))
    }
    let x = LayoutVariable("x")
    let y = LayoutVariable("y")
    try solver.add(constraint([(x, 1)], -10, .equal, strength: strong))
    try solver.add(constraint([(y, 1)], -100, .equal, strength: weak))
    try solver.add(constraint([(y, 1), (x, -1)], -5, .greaterThanOrEqual))
    let ceiling = constraint([(y, 1)], -40, .lessThanOrEqual)
    try solver.add(ceiling)
    solver.updateVariables()
    #expect(x.value == 10 && y.value == 40)
    // y ≤ 10 leaves x ≤ 5: the strong wish for x breaks, through a pivot.
    try solver.changeConstant(of: ceiling, to: -10)
    solver.updateVariables()
    #expect(abs(x.value - 5) < 1e-9 && abs(y.value - 10) < 1e-9)
    // Nothing changed since: the values stay.
    solver.updateVariables()
    #expect(abs(x.value - 5) < 1e-9 && abs(y.value - 10) < 1e-9)
  }

  @Test func aRequiredConstantThatCannotHoldIsRefusedAndChangesNothing() throws {
    let solver = ConstraintSolver()
    let x = LayoutVariable("x")
    let y = LayoutVariable("y")
    let start = constraint([(x, 1)], -100, .equal)
    try solver.add(start)
    try solver.add(constraint([(x, 1)], -500, .lessThanOrEqual))
    try solver.add(constraint([(y, 1), (x, -1)], -10, .equal))
    #expect(throws: ConstraintSolverError.unsatisfiable) {
      try solver.changeConstant(of: start, to: -600)
    }
    solver.updateVariables()
    #expect(x.value == 100 && y.value == 110)
    try solver.changeConstant(of: start, to: -400)
    solver.updateVariables()
    #expect(x.value == 400 && y.value == 410)
  }
}

/// A small deterministic generator (SplitMix64), so a failing sequence can be replayed.
private struct SeededRandom {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next(below bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}
