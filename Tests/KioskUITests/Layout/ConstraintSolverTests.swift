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
}
