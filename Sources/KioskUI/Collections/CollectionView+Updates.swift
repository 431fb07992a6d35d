import KioskGraphics

/// A view animating out after a batch update, and the kind it is queued under.
struct DepartingElement {
  var view: CollectionReusableView
  var kind: String?
  var target: CollectionElementPlacement
}

extension CollectionView {
  /// Forgets everything shown and asks the data source again: counts, cells and
  /// supplementary views. The selection is cleared. The views go back to the queues first,
  /// so the data source gets them again from the dequeue methods.
  public func reloadData() {
    finishDepartures()
    cancelTouch()
    let cells = visibleCellsByIndexPath
    visibleCellsByIndexPath.removeAll()
    for (indexPath, cell) in cells { retire(cell, at: indexPath) }
    let views = visibleSupplementaryViews
    visibleSupplementaryViews.removeAll()
    for (key, view) in views { retire(view, key) }
    selectedIndexPaths.removeAll()
    itemCounts = nil
    layout.invalidateLayout()
    setNeedsLayout()
  }

  /// Inserts items, after you added them to your model: the others move aside and the
  /// new ones fade and grow in. `indexPaths` are those after the update.
  public func insertItems(at indexPaths: [IndexPath]) {
    performBatchUpdates { self.batch?.insertedItems.formUnion(indexPaths) }
  }

  /// Deletes items, after you removed them from your model: they fade out and the others
  /// close up. `indexPaths` are those before the update.
  public func deleteItems(at indexPaths: [IndexPath]) {
    performBatchUpdates { self.batch?.deletedItems.formUnion(indexPaths) }
  }

  /// Asks the data source again for the cells of these items (index paths before the
  /// update); the new cells fade in over the old.
  public func reloadItems(at indexPaths: [IndexPath]) {
    performBatchUpdates { self.batch?.reloadedItems.formUnion(indexPaths) }
  }

  /// Moves an item from `indexPath` (before the update) to `newIndexPath` (after it), after
  /// you moved it in your model: its cell slides there.
  public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    performBatchUpdates { self.batch?.moves.append((indexPath, newIndexPath)) }
  }

  /// Inserts sections (their indexes after the update), after you added them to your model.
  public func insertSections(_ sections: some Sequence<Int>) {
    performBatchUpdates { self.batch?.insertedSections.formUnion(sections) }
  }

  /// Deletes sections (their indexes before the update), after you removed them from your
  /// model: their items fade out.
  public func deleteSections(_ sections: some Sequence<Int>) {
    performBatchUpdates { self.batch?.deletedSections.formUnion(sections) }
  }

  /// Asks the data source again for these sections (their indexes before the update): their
  /// item counts, cells and supplementary views. The old items fade out and the new ones
  /// come in as inserted ones do; the sections around them stay as they are.
  public func reloadSections(_ sections: some Sequence<Int>) {
    performBatchUpdates { self.batch?.reloadedSections.formUnion(sections) }
  }

  /// Makes the insertions, deletions, reloads and moves done in `updates` one animated
  /// change: inserted items fade and grow in, deleted ones fade out, the others move to
  /// their new places. Update your model inside `updates` (or before). The data source's
  /// counts afterwards must add up, or the app stops with UIKit's message naming them.
  /// `completion` runs when the animation is over.
  ///
  /// ```swift
  /// collectionView.performBatchUpdates({
  ///   products.remove(at: 3)
  ///   products.insert(newProduct, at: 0)
  ///   collectionView.deleteItems(at: [IndexPath(item: 3, section: 0)])
  ///   collectionView.insertItems(at: [IndexPath(item: 0, section: 0)])
  /// })
  /// ```
  public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    let outermost = batch == nil
    if outermost { batch = CollectionBatch() }
    updates?()
    if let completion { batch?.completions.append(completion) }
    guard outermost, let collected = batch else { return }
    batch = nil
    apply(collected)
  }

  private func apply(_ batch: CollectionBatch) {
    let completions = batch.completions
    guard let oldCounts = itemCounts else {
      // Nothing was asked for yet: the next layout asks for everything.
      setNeedsLayout()
      Transaction.scheduler { for completion in completions { completion(true) } }
      return
    }
    let newCounts = fetchItemCounts()
    let map: CollectionUpdateMap
    do {
      map = try CollectionUpdateMap(batch: batch, old: oldCounts, new: newCounts)
    } catch {
      preconditionFailure(error.message)
    }
    cancelTouch()
    let oldFrames = layout.itemFramesBeforeUpdate()
    itemCounts = newCounts
    layout.itemsMoved { old in
      batch.reloadedItems.contains(old) || batch.reloadedSections.contains(old.section)
        ? nil : map.new(for: old)
    }
    layout.needsPrepare = true
    prepareLayout()
    let departing = sortOutViews(batch, map)
    selectedIndexPaths = Set(selectedIndexPaths.compactMap { map.new(for: $0) })
    arrival = { [unowned self] placement in
      self.arrival(of: placement, batch, map, oldFrames)
    }
    departingElements += departing
    View.animate(
      withDuration: Self.updateDuration, delay: 0, options: [.allowUserInteraction],
      animations: {
        for element in departing { self.apply(element.target, to: element.view) }
        self.layoutElements()
      },
      completion: { [weak self] finished in
        self?.finishDepartures(of: departing)
        for completion in completions { completion(finished) }
      })
    arrival = nil
  }

  /// Keeps the views of items and sections that stay (under their new index paths) and
  /// returns those that leave: deleted and reloaded items fade out where they are, items
  /// moved out of view slide to their new places.
  private func sortOutViews(_ batch: CollectionBatch, _ map: CollectionUpdateMap)
    -> [DepartingElement]
  {
    var departing: [DepartingElement] = []
    var kept: [IndexPath: CollectionViewCell] = [:]
    for (indexPath, cell) in visibleCellsByIndexPath {
      let target = map.new(for: indexPath)
      if let target, !batch.reloadedItems.contains(indexPath) {
        if let placement = layout.placementForItem(at: target), !placement.frame.intersects(bounds)
        {
          departing.append(DepartingElement(view: cell, kind: nil, target: placement))
          collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
        } else {
          kept[target] = cell
        }
        continue
      }
      var leaving =
        layout.finalLayoutAttributesForDisappearingItem(at: indexPath)?.placement
        ?? CollectionElementPlacement(
          kind: nil, indexPath: indexPath, center: cell.center, size: cell.bounds.size,
          alpha: 0, transform: cell.transform, zIndex: cell.zIndex)
      if batch.reloadedItems.contains(indexPath) { leaving.alpha = 0 }
      departing.append(DepartingElement(view: cell, kind: nil, target: leaving))
      collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
    }
    visibleCellsByIndexPath = kept
    var keptViews: [SupplementaryElementKey: CollectionReusableView] = [:]
    for (key, view) in visibleSupplementaryViews {
      if let section = map.newSection(for: key.indexPath.section) {
        var moved = key
        moved.indexPath = IndexPath(item: key.indexPath.item, section: section)
        keptViews[moved] = view
      } else {
        let leaving = CollectionElementPlacement(
          kind: key.kind, indexPath: key.indexPath, center: view.center, size: view.bounds.size,
          alpha: 0, transform: view.transform, zIndex: view.zIndex)
        departing.append(DepartingElement(view: view, kind: key.kind, target: leaving))
        collectionDelegate?.collectionView(
          self, didEndDisplayingSupplementaryView: view, forElementOfKind: key.kind,
          at: key.indexPath)
      }
    }
    visibleSupplementaryViews = keptViews
    return departing
  }

  /// Where an element that comes into view during an update starts: an inserted or
  /// reloaded item fades (and an inserted one grows) in, an item moved into view comes from
  /// where it was, a new section's header and footer fade in.
  private func arrival(
    of placement: CollectionElementPlacement, _ batch: CollectionBatch, _ map: CollectionUpdateMap,
    _ oldFrames: ((IndexPath) -> Rect?)?
  ) -> CollectionElementPlacement? {
    var start = placement
    guard placement.kind == nil else {
      guard map.oldSections.indices.contains(placement.indexPath.section),
        map.oldSections[placement.indexPath.section] == nil
      else { return nil }
      start.alpha = 0
      return start
    }
    if let old = map.old(for: placement.indexPath), !batch.reloadedItems.contains(old) {
      guard let frame = oldFrames?(old) else { return nil }
      start.center = Point(x: frame.midX, y: frame.midY)
      start.size = frame.size
      return start
    }
    if let initial = layout.initialLayoutAttributesForAppearingItem(at: placement.indexPath) {
      return initial.placement
    }
    start.alpha = 0
    if map.old(for: placement.indexPath) == nil {
      start.transform = placement.transform.scaledBy(x: Self.insertionScale, y: Self.insertionScale)
    }
    return start
  }

  /// How large an inserted item starts, before it grows to its size.
  static let insertionScale = 0.8

  /// Views that animated out leave and wait in the queues.
  func finishDepartures(of elements: [DepartingElement]? = nil) {
    for element in elements ?? departingElements
    where departingElements.contains(where: { $0.view === element.view }) {
      departingElements.removeAll { $0.view === element.view }
      element.view.removeFromSuperview()
      enqueueForReuse(element.view, kind: element.kind)
    }
  }
}
