import KioskGraphics

/// A frame that waits for the flip in flight: the newest frame, with all the damage of the
/// frames it replaced, at the rotation the screen had last.
struct DRMQueuedFrame: Equatable {
  var frame: PixelBuffer
  var damage: Region
  var rotation: Rotation

  /// Takes `newer`'s frame and rotation (the screen may have turned meanwhile) and keeps
  /// the damage of both, since the buffer in flight missed both.
  mutating func merge(_ newer: DRMQueuedFrame) {
    damage.formUnion(newer.damage)
    frame = newer.frame
    rotation = newer.rotation
  }

  /// The same frame (by identity: a buffer is one image), damage and rotation.
  static func == (lhs: DRMQueuedFrame, rhs: DRMQueuedFrame) -> Bool {
    lhs.frame === rhs.frame && lhs.damage == rhs.damage && lhs.rotation == rhs.rotation
  }
}
