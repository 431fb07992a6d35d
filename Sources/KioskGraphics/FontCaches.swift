internal import CCairo

/// The caches that text drawing fills as it meets new fonts and sizes, emptied when the
/// system is short of memory.
package enum FontCaches {
  /// Forgets the measured line metrics of every font, and empties the font caches of the
  /// calling thread's pango font map: the fonts, fontsets and glyph coverage it keeps for
  /// every family, size and style it has laid out. Text laid out afterwards finds its fonts
  /// again (about a millisecond a font); layouts that exist keep the fonts they hold.
  ///
  /// The pango font map that `TextLayout` uses is the thread's own, so emptying it from the
  /// main thread does not touch one in use on another thread. Cairo's own caches (scaled
  /// fonts, glyph images) have no safe way to be emptied while cairo objects exist
  /// (`cairo_debug_reset_static_data` requires none to be alive); they are bounded.
  package static func purge() {
    FontLineMetrics.cache.removeAll()
    FontSetUp.waitUntilReady()
    guard let fontMap = threadFontconfigFontMap() else { return }
    pango_fc_font_map_cache_clear(fontMap)
  }

  /// The calling thread's pango font map when it is a fontconfig one (it is on Linux; any
  /// other kind is left alone), or `nil`.
  static func threadFontconfigFontMap() -> OpaquePointer? {
    guard let fontMap = pango_cairo_font_map_get_default() else { return nil }
    let instance = UnsafeMutableRawPointer(fontMap).assumingMemoryBound(to: GTypeInstance.self)
    guard g_type_check_instance_is_a(instance, pango_fc_font_map_get_type()) != 0 else {
      return nil
    }
    return OpaquePointer(fontMap)
  }
}
