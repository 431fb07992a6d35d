/// The buffers an output scans out from, each knowing its age: how many frames ago it was
/// last shown. Presenting copies into the next buffer only what changed since that buffer
/// was last on screen (the union of the damage it missed), turned by the screen's rotation.
/// The virtual output and the DRM output share this bookkeeping.
public final class Swapchain {
  /// The buffers, in the order they are used.
  public let buffers: [PixelBuffer]
  // Not checked for exclusive access at run time: changed every frame, by this class's own
  // methods only, none of which calls out while changing them.
  @exclusivity(unchecked) private var ages: [Int]
  @exclusivity(unchecked) private var history: DamageHistory
  @exclusivity(unchecked) private var copyRegion = Region()
  /// The buffer on screen, or -1 before the first frame.
  public private(set) var front = -1
  /// The age of the buffer the last frame was prepared in (0: new or reset, copied whole).
  public private(set) var lastBufferAge = 0
  /// Pixels brought up to date by the last `prepareNext` (copied) or `beginNext` (to paint).
  public private(set) var lastCopiedPixels = 0

  /// Creates a swapchain over `buffers` (one or more, all the panel's size).
  public init(buffers: [PixelBuffer]) {
    self.buffers = buffers
    ages = Array(repeating: 0, count: buffers.count)
    history = DamageHistory(depth: buffers.count + 1)
  }

  /// The buffer that the next frame goes into.
  public var nextIndex: Int { (front + 1) % buffers.count }

  /// Records `damage` (in `frame`'s logical pixels) and brings the next buffer up to date
  /// with `frame`: it receives what it missed, turned by `rotation`. Returns its index;
  /// call `didShow` once it is on screen.
  @discardableResult
  public func prepareNext(from frame: PixelBuffer, damage: Region, rotation: Rotation) -> Int {
    let index = beginNext(damage: damage, wholeFrame: frame.bounds)
    buffers[index].copy(copyRegion, from: frame, rotation: rotation)
    return index
  }

  /// Records `damage` and returns the index of the next buffer, for a frame painted straight
  /// into it (no rotation): `staleRegion` is then what that buffer must have painted anew,
  /// this frame's damage and what it missed, or `wholeFrame` (the frame's bounds, by default
  /// the buffer's) when its contents are unknown. Call `didShow` once it is on screen.
  public func beginNext(damage: Region, wholeFrame: PixelRect? = nil) -> Int {
    history.record(damage)
    let index = nextIndex
    lastBufferAge = ages[index]
    if !history.damage(forBufferAge: ages[index], into: &copyRegion) {
      copyRegion.removeAll()
      copyRegion.formUnion(wholeFrame ?? buffers[index].bounds)
    }
    lastCopiedPixels = copyRegion.area
    return index
  }

  /// What the buffer `beginNext` or `prepareNext` returned last had to be brought up to
  /// date in, in its pixels.
  public var staleRegion: Region { copyRegion }

  /// Buffer `index` is now the one on screen: every shown buffer ages by one frame.
  public func didShow(_ index: Int) {
    for i in ages.indices where ages[i] > 0 { ages[i] += 1 }
    ages[index] = 1
    front = index
  }

  /// Forgets every buffer's contents (after a mode change, or when the kernel may have
  /// shown something else): the next frames are copied whole.
  public func invalidate() {
    for i in ages.indices { ages[i] = 0 }
    history.reset()
  }
}

extension Rotation {
  /// `region` (in logical pixels of a `width`×`height` screen) as panel pixel rectangles.
  public func panelRects(of region: Region, width: Int, height: Int) -> [PixelRect] {
    let toPanel = logicalToPanel(width: Double(width), height: Double(height))
    var result: [PixelRect] = []
    region.forEachRect { result.append(PixelRect(covering: $0.rect.applying(toPanel))) }
    return result
  }
}
