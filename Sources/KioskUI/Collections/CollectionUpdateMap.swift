/// The changes collected by `performBatchUpdates(_:completion:)`. Deletions, reloads and
/// the sources of moves are index paths before the update; insertions and the
/// destinations of moves, after it; as in UIKit.
struct CollectionBatch {
  var deletedSections: Set<Int> = []
  var insertedSections: Set<Int> = []
  /// Sections asked for again (indexes before the update): each leaves and a new one comes
  /// in where it would have gone.
  var reloadedSections: Set<Int> = []
  var deletedItems: Set<IndexPath> = []
  var insertedItems: Set<IndexPath> = []
  var reloadedItems: Set<IndexPath> = []
  var moves: [(from: IndexPath, to: IndexPath)] = []
  var completions: [(Bool) -> Void] = []
}

/// A batch update the data source's new counts do not agree with, worded as UIKit's
/// exception.
struct CollectionUpdateError: Error {
  var message: String
}

/// Where each section and item goes in a batch update: deleted ones leave, inserted ones
/// come in at their places, moved ones go to theirs, and the others keep their order
/// around them. Built once per update (in time proportional to the items), after checking
/// the counts as UIKit does.
struct CollectionUpdateMap {
  private enum Slot {
    case open
    case inserted
    case from(IndexPath)
  }

  /// Per new section: where each item was (`nil`: inserted).
  private(set) var oldIndexPaths: [[IndexPath?]] = []
  /// Per old section: where each item goes (`nil`: deleted).
  private(set) var newIndexPaths: [[IndexPath?]] = []
  /// Per old section: its new index (`nil`: deleted).
  private(set) var newSections: [Int?] = []
  /// Per new section: its old index (`nil`: inserted).
  private(set) var oldSections: [Int?] = []

  init(batch: CollectionBatch, old: [Int], new: [Int]) throws(CollectionUpdateError) {
    let expectedSections = old.count - batch.deletedSections.count + batch.insertedSections.count
    guard new.count == expectedSections,
      batch.deletedSections.allSatisfy(old.indices.contains),
      batch.insertedSections.allSatisfy(new.indices.contains)
    else {
      throw CollectionUpdateError(
        message: "Invalid update: invalid number of sections. The number of sections "
          + "contained in the collection view after the update (\(new.count)) must be equal "
          + "to the number of sections contained in the collection view before the update "
          + "(\(old.count)), plus or minus the number of sections inserted or deleted "
          + "(\(batch.insertedSections.count) inserted, \(batch.deletedSections.count) deleted).")
    }
    if let missing = batch.reloadedSections.first(where: { !old.indices.contains($0) }) {
      throw CollectionUpdateError(
        message: "Invalid update: attempt to reload section \(missing), which does not exist "
          + "before the update (there are \(old.count) sections)")
    }
    if let both = batch.reloadedSections.first(where: batch.deletedSections.contains) {
      throw CollectionUpdateError(
        message: "Invalid update: attempt to delete and reload the same section (\(both))")
    }
    newSections = Array(repeating: nil, count: old.count)
    oldSections = Array(repeating: nil, count: new.count)
    var survivors = old.indices.filter { !batch.deletedSections.contains($0) }.makeIterator()
    for section in new.indices where !batch.insertedSections.contains(section) {
      guard let source = survivors.next() else { break }
      oldSections[section] = source
      newSections[source] = section
    }
    // A reloaded section keeps its place, but nothing of it is kept: its items leave and
    // the data source's come in.
    for source in batch.reloadedSections {
      guard let section = newSections[source] else { continue }
      newSections[source] = nil
      oldSections[section] = nil
    }
    try checkItems(batch, old: old, new: new)
    var slots = new.map { Array(repeating: Slot.open, count: $0) }
    var leaving = old.map { Array(repeating: false, count: $0) }
    for indexPath in batch.deletedItems { leaving[indexPath.section][indexPath.item] = true }
    for indexPath in batch.insertedItems { slots[indexPath.section][indexPath.item] = .inserted }
    for move in batch.moves {
      leaving[move.from.section][move.from.item] = true
      slots[move.to.section][move.to.item] = .from(move.from)
    }
    oldIndexPaths = new.map { Array(repeating: nil, count: $0) }
    newIndexPaths = old.map { Array(repeating: nil, count: $0) }
    for (section, source) in oldSections.enumerated() {
      // The items that stay fill the open places in order; an inserted section has none.
      let oldCount = source.map { old[$0] } ?? 0
      var staying = (0..<oldCount).lazy.filter { item in
        source.map { !leaving[$0][item] } ?? false
      }.makeIterator()
      for item in slots[section].indices {
        let from: IndexPath?
        switch slots[section][item] {
        case .inserted: from = nil
        case .from(let indexPath): from = indexPath
        case .open:
          from = source.flatMap { s in staying.next().map { IndexPath(item: $0, section: s) } }
        }
        guard let from else { continue }
        oldIndexPaths[section][item] = from
        newIndexPaths[from.section][from.item] = IndexPath(item: item, section: section)
      }
    }
  }

  /// Checks that each index path is in range and each kept section's new count adds up.
  private func checkItems(_ batch: CollectionBatch, old: [Int], new: [Int])
    throws(CollectionUpdateError)
  {
    func valid(_ indexPath: IndexPath, in counts: [Int]) -> Bool {
      indexPath.count == 2 && counts.indices.contains(indexPath.section) && indexPath.item >= 0
        && indexPath.item < counts[indexPath.section]
    }
    for indexPath in batch.deletedItems.union(batch.reloadedItems)
    where !valid(indexPath, in: old) {
      throw CollectionUpdateError(
        message: "Invalid update: attempt to delete or reload item \(indexPath), which does "
          + "not exist before the update")
    }
    for indexPath in batch.insertedItems where !valid(indexPath, in: new) {
      throw CollectionUpdateError(
        message: "Invalid update: attempt to insert item \(indexPath), but there are only "
          + "\(new.indices.contains(indexPath.section) ? new[indexPath.section] : 0) items in "
          + "section \(indexPath.section) after the update")
    }
    for move in batch.moves where !valid(move.from, in: old) || !valid(move.to, in: new) {
      throw CollectionUpdateError(
        message: "Invalid update: attempt to move item \(move.from) to \(move.to), which is "
          + "out of range")
    }
    for (section, source) in oldSections.enumerated() {
      guard let source else { continue }
      let inserted = batch.insertedItems.count { $0.section == section }
      let deleted = batch.deletedItems.count { $0.section == source }
      let movedIn = batch.moves.count { $0.to.section == section }
      let movedOut = batch.moves.count { $0.from.section == source }
      guard new[section] == old[source] - deleted + inserted - movedOut + movedIn else {
        throw CollectionUpdateError(
          message: "Invalid update: invalid number of items in section \(section). The number "
            + "of items contained in an existing section after the update (\(new[section])) "
            + "must be equal to the number of items contained in that section before the "
            + "update (\(old[source])), plus or minus the number of items inserted or deleted "
            + "from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus "
            + "the number of items moved into or out of that section (\(movedIn) moved in, "
            + "\(movedOut) moved out).")
      }
    }
  }

  /// Where the item at `old` goes (`nil`: it is deleted).
  func new(for old: IndexPath) -> IndexPath? {
    guard newIndexPaths.indices.contains(old.section),
      newIndexPaths[old.section].indices.contains(old.item)
    else { return nil }
    return newIndexPaths[old.section][old.item]
  }

  /// Where the item at `new` was (`nil`: it is inserted).
  func old(for new: IndexPath) -> IndexPath? {
    guard oldIndexPaths.indices.contains(new.section),
      oldIndexPaths[new.section].indices.contains(new.item)
    else { return nil }
    return oldIndexPaths[new.section][new.item]
  }

  /// The new index of old section `section` (`nil`: it is deleted).
  func newSection(for section: Int) -> Int? {
    newSections.indices.contains(section) ? newSections[section] : nil
  }
}
