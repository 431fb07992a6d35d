internal import CCairo
import Dispatch
import Glibc
import Synchronization

/// Sets fonts up on another thread while the app starts, so that the first frame does not
/// wait for it on the main thread.
///
/// The first text an app lays out pays for fontconfig reading its configuration (about
/// 7 ms with Debian's 35 files in /etc/fonts/conf.d; its font caches are already on disk),
/// then for pango finding, opening and shaping the first font (2–3 ms). All of it used to
/// happen inside the first frame's display. `startInBackground()`, called first thing by
/// `Application.main`, does that work on a second core while the main thread parses
/// options, reads the configuration and builds the app's views; the first text layout then
/// waits only for what is left (`waitUntilReady()`), and the thread that lays it out takes
/// over the warmed pango font map as its own (pango keeps one default font map per thread).
package enum FontSetUp {
  private static let group = DispatchGroup()
  /// The font map warmed on the background thread (its address), until a thread takes it.
  private static let handOver = Mutex<UInt>(0)
  private static let hasStarted = Atomic<Bool>(false)
  private static let isSettled = Atomic<Bool>(false)
  /// The warmed font map's address once a thread took it (for tests).
  private static let takenFontMap = Atomic<UInt>(0)

  /// Whether a thread took the font map warmed in the background.
  package static var warmedFontMapWasTaken: Bool { takenFontMap.load(ordering: .relaxed) != 0 }

  private static let start: Void = {
    group.enter()
    hasStarted.store(true, ordering: .releasing)
    DispatchQueue.global(qos: .userInitiated).async {
      FcInit()
      if let map = pango_cairo_font_map_new() {
        if let context = makeTextContext(fontMap: map) {
          warm(context)
          g_object_unref(UnsafeMutableRawPointer(context))
        }
        handOver.withLock { $0 = UInt(bitPattern: map) }
      }
      // The line metrics of the interface font, measured with the metrics' own font map.
      _ = FontLineMetrics.cache.measure(.systemFont(ofSize: 17))
      group.leave()
    }
  }()

  /// Starts setting fonts up on another thread (once; later calls do nothing).
  package static func startInBackground() {
    _ = start
  }

  /// Waits for the set-up begun by `startInBackground()`, if any, to finish; the first
  /// thread to wait takes the warmed font map as its own. Text layout calls it before using
  /// pango; it returns at once when nothing was started or everything is settled.
  ///
  /// The first thread to lay out text is the main queue's, which on Linux is not the thread
  /// `Application.main` started on (`dispatchMain()` parks that one): hence the first
  /// waiter rather than the starting thread.
  static func waitUntilReady() {
    guard hasStarted.load(ordering: .acquiring), !isSettled.load(ordering: .acquiring) else {
      return
    }
    group.wait()
    let address = handOver.withLock { address in
      defer { address = 0 }
      return address
    }
    if let map = UnsafeMutablePointer<PangoFontMap>(bitPattern: address) {
      pango_cairo_font_map_set_default(OpaquePointer(map))
      g_object_unref(UnsafeMutableRawPointer(map))
      takenFontMap.store(address, ordering: .relaxed)
    }
    isSettled.store(true, ordering: .releasing)
  }

  /// Lays out and measures a line in the interface font: fontconfig finds the font, pango
  /// loads it and harfbuzz shapes with it once.
  private static func warm(_ context: OpaquePointer) {
    guard let layout = pango_layout_new(context) else { return }
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    let description = Font.systemFont(ofSize: 17).makePangoDescription()
    defer { pango_font_description_free(description) }
    pango_layout_set_font_description(layout, description)
    pango_layout_set_text(layout, "Aa", -1)
    var width: Int32 = 0
    var height: Int32 = 0
    pango_layout_get_pixel_size(layout, &width, &height)
  }
}
