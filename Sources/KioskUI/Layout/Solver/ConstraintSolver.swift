/// A value the solver finds: an edge, a centre or a size of a view or a layout guide.
@MainActor
final class LayoutVariable {
  /// What it is, for the log of unsatisfiable constraints ("button.leading").
  let name: String
  /// Its value after the last `ConstraintSolver.updateVariables()`.
  var value = 0.0

  init(_ name: String) {
    self.name = name
  }
}

/// `Σ coefficient × variable + constant`.
@MainActor
struct LinearExpression {
  var terms: [(variable: LayoutVariable, coefficient: Double)]
  var constant: Double

  init(_ terms: [(LayoutVariable, Double)] = [], constant: Double = 0) {
    self.terms = terms.map { (variable: $0.0, coefficient: $0.1) }
    self.constant = constant
  }
}

/// `expression relation 0`, with a strength: `ConstraintSolver.required` or less, a
/// constraint that may be broken, the less the weaker.
@MainActor
final class SolverConstraint {
  enum Relation {
    case lessThanOrEqual
    case equal
    case greaterThanOrEqual
  }

  /// What was added; its constant follows `ConstraintSolver.changeConstant(of:to:)`.
  fileprivate(set) var expression: LinearExpression
  let relation: Relation
  let strength: Double

  init(_ expression: LinearExpression, _ relation: Relation, strength: Double) {
    self.expression = expression
    self.relation = relation
    self.strength = min(max(strength, 0), ConstraintSolver.required)
  }

  var isRequired: Bool { strength >= ConstraintSolver.required }
}

/// Why the solver refused a request.
enum ConstraintSolverError: Error, Equatable {
  /// A required constraint contradicts the required ones already added.
  case unsatisfiable
  case duplicateConstraint
  case unknownConstraint
  case duplicateEditVariable
  case unknownEditVariable
  /// An edit variable must be breakable: its strength is less than required.
  case requiredEditVariable
}

/// An incremental solver of linear equalities and inequalities with strengths, after the
/// Cassowary algorithm (Badros, Borning and Stuckey, 2001) as the kiwi solver arranges it:
/// a simplex tableau kept optimal as constraints are added and removed one at a time, and a
/// dual simplex for edit variables, whose suggested values (a constraint's new constant, a
/// finger's position) re-solve only what they touch. Auto Layout's engine.
///
/// Strengths are weights: a broken constraint costs its strength times its error, and the
/// solution minimises the sum. Required constraints (`required`) are never broken: adding
/// one that contradicts the others throws `unsatisfiable` and leaves the tableau as it was.
@MainActor
final class ConstraintSolver {
  /// The strength of a constraint that must hold.
  static let required = 1e12

  struct Tag {
    var marker = SolverSymbol.invalid
    var other = SolverSymbol.invalid
  }

  private struct Edit {
    var tag: Tag
    var constraint: SolverConstraint
    var constant: Double
  }

  private var constraints: [ObjectIdentifier: (constraint: SolverConstraint, tag: Tag)] = [:]
  private var rows: [SolverSymbol: SolverRow] = [:]
  private struct KnownVariable {
    let variable: LayoutVariable
    let symbol: SolverSymbol
    /// Terms of added constraints that use it: at zero (and not basic) it is forgotten,
    /// so that a tree whose views come and go does not keep every variable it ever had.
    var uses = 0
  }

  private var variables: [ObjectIdentifier: KnownVariable] = [:]
  /// The variable of each external symbol in `variables`.
  private var variableOfSymbol: [SolverSymbol: LayoutVariable] = [:]
  /// External symbols whose value may differ from what `updateVariables()` last wrote:
  /// their row changed, came or went, or their variable is new. Only these are written, so
  /// that a change which moves one view does not write every variable of the window.
  private var changedExternals: Set<SolverSymbol> = []
  /// Most variables changed (a tree laid out afresh): `updateVariables()` writes them all,
  /// and changes are not noted one by one meanwhile.
  private var writesEveryVariable = true
  private var edits: [ObjectIdentifier: Edit] = [:]
  private var infeasibleRows: [SolverSymbol] = []
  private var objective = SolverRow()
  private var artificial: SolverRow?
  private var lastSymbolID = 0

  /// How many constraints it holds.
  var constraintCount: Int { constraints.count }
  /// How many rows the tableau has (for tests).
  var rowCount: Int { rows.count }
  /// How many variables it knows (for tests).
  var variableCount: Int { variables.count }

  func contains(_ constraint: SolverConstraint) -> Bool {
    constraints[ObjectIdentifier(constraint)] != nil
  }

  /// Adds `constraint` and re-solves; a required one that cannot hold throws
  /// `unsatisfiable` and is not added.
  func add(_ constraint: SolverConstraint) throws(ConstraintSolverError) {
    let key = ObjectIdentifier(constraint)
    guard constraints[key] == nil else { throw .duplicateConstraint }
    var tag = Tag()
    // Symbols made from here on are in no row yet (only error symbols in the objective).
    let newSymbols = lastSymbolID + 1
    var row = makeRow(for: constraint, tag: &tag)
    var subject = chooseSubject(of: row, tag: tag, newSymbols: newSymbols)
    if !subject.isValid && row.hasOnlyDummies {
      guard SolverRow.isNearZero(row.constant) else { throw .unsatisfiable }
      subject = tag.marker
    }
    if subject.isValid {
      row.solve(for: subject)
      // A subject made by this constraint (a view's variable used for the first time, the
      // constraint's own slack) is in no other row: only the objectives can hold it. This
      // keeps adding a new view's constraints from visiting every row of the tableau.
      substitute(subject, row, inRows: subject.id < newSymbols)
      rows[subject] = row
      noteRowChange(subject)
    } else {
      // Phase one may pivot the tableau and leave the refused row in it: what it was is
      // put back (a copy only on this path, which a determined variable's constraint takes).
      let saved = (rows, objective, infeasibleRows)
      guard addWithArtificialVariable(row) else {
        (rows, objective, infeasibleRows) = saved
        throw .unsatisfiable
      }
    }
    constraints[key] = (constraint, tag)
    for term in constraint.expression.terms {
      variables[ObjectIdentifier(term.variable)]?.uses += 1
    }
    optimize()
  }

  /// Removes `constraint` and re-solves.
  func remove(_ constraint: SolverConstraint) throws(ConstraintSolverError) {
    guard let entry = constraints.removeValue(forKey: ObjectIdentifier(constraint)) else {
      throw .unknownConstraint
    }
    let tag = entry.tag
    removeErrorEffects(of: tag, strength: constraint.strength)
    if rows.removeValue(forKey: tag.marker) == nil {
      guard let leaving = markerLeavingRow(tag.marker), var row = rows.removeValue(forKey: leaving)
      else { preconditionFailure("the solver lost a constraint's marker") }
      noteRowChange(leaving)
      row.solve(for: leaving, tag.marker)
      substitute(tag.marker, row)
    }
    optimize()
    for term in constraint.expression.terms {
      let key = ObjectIdentifier(term.variable)
      guard var known = variables[key] else { continue }
      known.uses -= 1
      if known.uses <= 0 && rows[known.symbol] == nil {
        variables[key] = nil
        variableOfSymbol[known.symbol] = nil
      } else {
        variables[key] = known
      }
    }
  }

  /// Gives an added constraint's expression another constant without taking it out: the
  /// change reaches the rows through the constraint's marker (or its other error symbol),
  /// as a suggested value reaches them through an edit variable's, and the dual simplex
  /// makes the tableau feasible again from where it was. A required constraint that can no
  /// longer hold throws `unsatisfiable` and leaves the tableau as it was.
  func changeConstant(of constraint: SolverConstraint, to constant: Double)
    throws(ConstraintSolverError)
  {
    guard let tag = constraints[ObjectIdentifier(constraint)]?.tag else {
      throw .unknownConstraint
    }
    let change = constant - constraint.expression.constant
    guard change != 0 else { return }
    // A required equality whose dummy is basic repeats others: it cannot move alone.
    if tag.marker.kind == .dummy, rows[tag.marker] != nil { throw .unsatisfiable }
    let saved = constraint.isRequired ? (rows, objective) : nil
    // The coefficients the marker and the other symbol have in the row `makeRow` made.
    let (markerCoefficient, otherCoefficient): (Double, Double) =
      switch constraint.relation {
      case .lessThanOrEqual: (1, -1)
      case .greaterThanOrEqual: (-1, 1)
      case .equal: constraint.isRequired ? (1, 0) : (-1, 1)
      }
    shiftRows(
      by: change, through: tag, markerCoefficient: markerCoefficient,
      otherCoefficient: otherCoefficient)
    guard dualOptimize() else {
      if let saved { (rows, objective) = saved }
      infeasibleRows.removeAll()
      throw .unsatisfiable
    }
    constraint.expression.constant = constant
  }

  /// Makes `variable` editable at `strength` (less than required): `suggest(_:for:)` then
  /// moves it, the other constraints following, without a solve from scratch.
  func addEditVariable(_ variable: LayoutVariable, strength: Double)
    throws(ConstraintSolverError)
  {
    let key = ObjectIdentifier(variable)
    guard edits[key] == nil else { throw .duplicateEditVariable }
    guard strength < Self.required else { throw .requiredEditVariable }
    let constraint = SolverConstraint(
      LinearExpression([(variable, 1)]), .equal, strength: strength)
    try add(constraint)
    guard let tag = constraints[ObjectIdentifier(constraint)]?.tag else {
      preconditionFailure("an added constraint is missing")
    }
    edits[key] = Edit(tag: tag, constraint: constraint, constant: 0)
  }

  func removeEditVariable(_ variable: LayoutVariable) throws(ConstraintSolverError) {
    guard let edit = edits.removeValue(forKey: ObjectIdentifier(variable)) else {
      throw .unknownEditVariable
    }
    try remove(edit.constraint)
  }

  func hasEditVariable(_ variable: LayoutVariable) -> Bool {
    edits[ObjectIdentifier(variable)] != nil
  }

  /// Suggests `value` for an edit variable: the tableau is brought back to feasibility by
  /// the dual simplex from where it was.
  func suggest(_ value: Double, for variable: LayoutVariable) throws(ConstraintSolverError) {
    let key = ObjectIdentifier(variable)
    guard var edit = edits[key] else { throw .unknownEditVariable }
    let delta = value - edit.constant
    edit.constant = value
    edits[key] = edit
    // The edit constraint is `variable − value = 0` (plus −1, minus +1): the new value
    // lowers its constant by `delta`.
    shiftRows(by: -delta, through: edit.tag, markerCoefficient: -1, otherCoefficient: 1)
    // An edit constraint is never required: its errors always give the dual a way out.
    _ = dualOptimize()
  }

  /// Writes the solution into the variables' `value`: those whose value may have changed
  /// since the last call (a variable belongs to one solver; another solver's writes to it
  /// are not undone).
  func updateVariables() {
    if writesEveryVariable {
      writesEveryVariable = false
      for known in variables.values {
        known.variable.value = rows[known.symbol]?.constant ?? 0
      }
    } else {
      for symbol in changedExternals {
        variableOfSymbol[symbol]?.value = rows[symbol]?.constant ?? 0
      }
    }
    changedExternals.removeAll(keepingCapacity: true)
  }

  /// Notes that `symbol`'s row changed, came or went: see `changedExternals`.
  private func noteRowChange(_ symbol: SolverSymbol) {
    guard symbol.kind == .external, !writesEveryVariable else { return }
    changedExternals.insert(symbol)
    if changedExternals.count > variables.count / 2 {
      writesEveryVariable = true
      changedExternals.removeAll()
    }
  }

  // MARK: Rows

  private func makeSymbol(_ kind: SolverSymbol.Kind) -> SolverSymbol {
    lastSymbolID += 1
    return SolverSymbol(id: lastSymbolID, kind: kind)
  }

  private func symbol(for variable: LayoutVariable) -> SolverSymbol {
    let key = ObjectIdentifier(variable)
    if let known = variables[key] { return known.symbol }
    let symbol = makeSymbol(.external)
    variables[key] = KnownVariable(variable: variable, symbol: symbol)
    variableOfSymbol[symbol] = variable
    // Its value may be stale (a variable forgotten and used again): it is written.
    noteRowChange(symbol)
    return symbol
  }

  /// The constraint as a row of the tableau, its basic variables replaced by their rows,
  /// with its slack, error or dummy symbols (named in `tag`) and its errors in the
  /// objective.
  private func makeRow(for constraint: SolverConstraint, tag: inout Tag) -> SolverRow {
    let expression = constraint.expression
    var row = SolverRow(constant: expression.constant)
    for term in expression.terms where !SolverRow.isNearZero(term.coefficient) {
      let symbol = symbol(for: term.variable)
      if let basic = rows[symbol] {
        row.insert(basic, term.coefficient)
      } else {
        row.insert(symbol, term.coefficient)
      }
    }
    switch constraint.relation {
    case .lessThanOrEqual, .greaterThanOrEqual:
      let sign = constraint.relation == .lessThanOrEqual ? 1.0 : -1.0
      let slack = makeSymbol(.slack)
      tag.marker = slack
      row.insert(slack, sign)
      if !constraint.isRequired {
        let error = makeSymbol(.error)
        tag.other = error
        row.insert(error, -sign)
        objective.insert(error, constraint.strength)
      }
    case .equal:
      if constraint.isRequired {
        let dummy = makeSymbol(.dummy)
        tag.marker = dummy
        row.insert(dummy)
      } else {
        let plus = makeSymbol(.error)
        let minus = makeSymbol(.error)
        tag.marker = plus
        tag.other = minus
        row.insert(plus, -1)
        row.insert(minus, 1)
        objective.insert(plus, constraint.strength)
        objective.insert(minus, constraint.strength)
      }
    }
    if row.constant < 0 { row.reverseSign() }
    return row
  }

  /// The symbol a new row is solved for: its first external symbol, else a marker or error
  /// symbol of the constraint with a negative coefficient; `invalid` when there is none.
  ///
  /// Among external symbols, one made by this constraint (`newSymbols` and above) comes
  /// first: any external symbol may be the subject, and a new one is in no other row.
  private func chooseSubject(of row: SolverRow, tag: Tag, newSymbols: Int) -> SolverSymbol {
    var oldExternal = SolverSymbol.invalid
    for cell in row.cells where cell.symbol.kind == .external {
      if cell.symbol.id >= newSymbols { return cell.symbol }
      if !oldExternal.isValid { oldExternal = cell.symbol }
    }
    if oldExternal.isValid { return oldExternal }
    for symbol in [tag.marker, tag.other] where symbol.isPivotable {
      if row.coefficient(of: symbol) < 0 { return symbol }
    }
    return .invalid
  }

  /// Adds `row` through an artificial variable (phase one of the simplex); whether the
  /// row's constraint could be satisfied.
  private func addWithArtificialVariable(_ row: SolverRow) -> Bool {
    let art = makeSymbol(.slack)
    rows[art] = row
    artificial = row
    optimize(artificialObjective: true)
    let success = SolverRow.isNearZero(artificial?.constant ?? 0)
    artificial = nil
    if var artRow = rows.removeValue(forKey: art) {
      if artRow.isConstant { return success }
      guard let entering = artRow.cells.first(where: { $0.symbol.isPivotable })?.symbol else {
        return false
      }
      artRow.solve(for: art, entering)
      substitute(entering, artRow)
      rows[entering] = artRow
      noteRowChange(entering)
    }
    var index = rows.startIndex
    while index != rows.endIndex {
      rows.values[index].remove(art)
      rows.formIndex(after: &index)
    }
    objective.remove(art)
    return success
  }

  /// Replaces `symbol` by `row` in every row and the objectives, noting rows that became
  /// infeasible.
  private func substitute(_ symbol: SolverSymbol, _ row: SolverRow, inRows: Bool = true) {
    if inRows { substituteInRows(symbol, row) }
    objective.substitute(symbol, row)
    artificial?.substitute(symbol, row)
  }

  private func substituteInRows(_ symbol: SolverSymbol, _ row: SolverRow) {
    // In place, through the values' indices: assigning by key while iterating would copy
    // the whole dictionary. The rows are moved into a local for the loop: every access to
    // the stored property would check exclusivity, and this loop visits every row.
    var local: [SolverSymbol: SolverRow] = [:]
    swap(&local, &rows)
    defer { swap(&local, &rows) }
    var index = local.startIndex
    while index != local.endIndex {
      if local.values[index].substitute(symbol, row) {
        let basic = local.keys[index]
        if basic.kind == .external {
          noteRowChange(basic)
        } else if local.values[index].constant < 0 {
          infeasibleRows.append(basic)
        }
      }
      local.formIndex(after: &index)
    }
  }

  // MARK: Simplex

  /// Pivots until `objective` (or the artificial one) cannot decrease.
  private func optimize(artificialObjective: Bool = false) {
    while true {
      let current = artificialObjective ? (artificial ?? SolverRow()) : objective
      // The lowest symbol whose growth lowers the objective (cells are sorted).
      guard
        let entering = current.cells.first(where: {
          $0.coefficient < 0 && $0.symbol.kind != .dummy
        })?.symbol
      else { return }
      guard let leaving = leavingRow(for: entering), var row = rows.removeValue(forKey: leaving)
      else {
        preconditionFailure("the objective is unbounded")
      }
      row.solve(for: leaving, entering)
      substitute(entering, row)
      rows[entering] = row
      noteRowChange(entering)
    }
  }

  /// The row that limits `entering` most (the smallest ratio; the lowest symbol on a tie).
  private func leavingRow(for entering: SolverSymbol) -> SolverSymbol? {
    var best: (ratio: Double, symbol: SolverSymbol)?
    for (symbol, row) in rows where symbol.kind != .external {
      let coefficient = row.coefficient(of: entering)
      guard coefficient < 0 else { continue }
      let ratio = -row.constant / coefficient
      if Self.limitsMore(ratio, symbol, than: best) { best = (ratio, symbol) }
    }
    return best?.symbol
  }

  /// Whether a row of `ratio` for `symbol` limits more than `best`: a smaller ratio, or the
  /// lower symbol on a tie.
  private static func limitsMore(
    _ ratio: Double, _ symbol: SolverSymbol, than best: (ratio: Double, symbol: SolverSymbol)?
  ) -> Bool {
    guard let best else { return true }
    return ratio < best.ratio || (ratio == best.ratio && symbol < best.symbol)
  }

  /// Brings infeasible rows (a negative constant after a suggested value) back.
  /// Carries a change of a constraint's constant into the tableau: the constraint with the
  /// new constant is the old one with its marker moved by `-change / markerCoefficient`
  /// (or its other error symbol by `-change / otherCoefficient`), the coefficients being
  /// theirs in the constraint's own row. Rows made negative are listed as infeasible for
  /// `dualOptimize()`.
  private func shiftRows(
    by change: Double, through tag: Tag, markerCoefficient: Double, otherCoefficient: Double
  ) {
    // A marker's or error symbol's own row is no variable's: only the rows where it is a
    // parameter can move a variable, and those are noted for `updateVariables()`.
    if var row = rows[tag.marker] {
      if row.add(-change / markerCoefficient) < 0 { infeasibleRows.append(tag.marker) }
      rows[tag.marker] = row
    } else if tag.other.isValid, var row = rows[tag.other] {
      if row.add(-change / otherCoefficient) < 0 { infeasibleRows.append(tag.other) }
      rows[tag.other] = row
    } else {
      let shift = change / markerCoefficient
      var index = rows.startIndex
      while index != rows.endIndex {
        let coefficient = rows.values[index].coefficient(of: tag.marker)
        if coefficient != 0 {
          let basic = rows.keys[index]
          if rows.values[index].add(shift * coefficient) < 0, basic.kind != .external {
            infeasibleRows.append(basic)
          }
          noteRowChange(basic)
        }
        rows.formIndex(after: &index)
      }
    }
  }

  /// Pivots until every restricted row is feasible again; false when a row can become
  /// feasible by no pivot (only a required constraint's change can cause that).
  private func dualOptimize() -> Bool {
    while let leaving = infeasibleRows.min() {
      infeasibleRows.removeAll { $0 == leaving }
      guard var row = rows[leaving], row.constant < 0 else { continue }
      var best: (ratio: Double, symbol: SolverSymbol)?
      for cell in row.cells where cell.coefficient > 0 && cell.symbol.kind != .dummy {
        let ratio = objective.coefficient(of: cell.symbol) / cell.coefficient
        if Self.limitsMore(ratio, cell.symbol, than: best) { best = (ratio, cell.symbol) }
      }
      guard let entering = best?.symbol else { return false }
      rows.removeValue(forKey: leaving)
      row.solve(for: leaving, entering)
      substitute(entering, row)
      rows[entering] = row
      noteRowChange(entering)
    }
    return true
  }

  // MARK: Removal

  private func removeErrorEffects(of tag: Tag, strength: Double) {
    for symbol in [tag.marker, tag.other] where symbol.kind == .error {
      if let row = rows[symbol] {
        objective.insert(row, -strength)
      } else {
        objective.insert(symbol, -strength)
      }
    }
  }

  /// The row to pivot a non-basic marker into: the most restrictive row where it has a
  /// negative coefficient, else a positive one, else an external row.
  private func markerLeavingRow(_ marker: SolverSymbol) -> SolverSymbol? {
    var negative: (ratio: Double, symbol: SolverSymbol)?
    var positive: (ratio: Double, symbol: SolverSymbol)?
    var external: SolverSymbol?
    for (symbol, row) in rows {
      let coefficient = row.coefficient(of: marker)
      guard coefficient != 0 else { continue }
      if symbol.kind == .external {
        if external.map({ symbol < $0 }) ?? true { external = symbol }
      } else if coefficient < 0 {
        let ratio = -row.constant / coefficient
        if Self.limitsMore(ratio, symbol, than: negative) { negative = (ratio, symbol) }
      } else {
        let ratio = row.constant / coefficient
        if Self.limitsMore(ratio, symbol, than: positive) { positive = (ratio, symbol) }
      }
    }
    return negative?.symbol ?? positive?.symbol ?? external
  }
}
