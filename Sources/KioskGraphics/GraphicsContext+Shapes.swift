internal import CCairo

/// Filling, stroking, clipping and clearing whole shapes, leaving the current path alone.
extension GraphicsContext {
  /// Fills a rectangle with the fill colour; the current path is left alone.
  public func fill(_ r: Rect) {
    withSeparatePath {
      addRect(r)
      fillPath()
    }
  }

  /// Strokes the outline of a rectangle; the current path is left alone.
  public func stroke(_ r: Rect) {
    withSeparatePath {
      addRect(r)
      strokePath()
    }
  }

  /// Fills the ellipse that fits in `r`; the current path is left alone.
  public func fillEllipse(in r: Rect) {
    withSeparatePath {
      addEllipse(in: r)
      fillPath()
    }
  }

  /// Strokes the ellipse that fits in `r`; the current path is left alone.
  public func strokeEllipse(in r: Rect) {
    withSeparatePath {
      addEllipse(in: r)
      strokePath()
    }
  }

  /// Intersects the clip with a rectangle; the current path is left alone.
  public func clip(to r: Rect) {
    withSeparatePath {
      if r.isFinite { addRect(r) }
      clip()
    }
  }

  /// Makes a rectangle transparent, ignoring the fill colour and alpha.
  public func clear(_ r: Rect) {
    guard canDraw, r.isFinite else { return }
    withSeparatePath {
      cairo_save(cairo)
      cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
      addRect(r)
      cairo_fill(cairo)
      cairo_restore(cairo)
    }
  }

  /// Runs `body` with an empty path and puts the caller's path back afterwards.
  func withSeparatePath(_ body: () -> Void) {
    guard canDraw else { return }
    guard cairo_has_current_point(cairo) != 0, let path = cairo_copy_path(cairo) else {
      cairo_new_path(cairo)
      body()
      return
    }
    defer { cairo_path_destroy(path) }
    cairo_new_path(cairo)
    body()
    cairo_new_path(cairo)
    cairo_append_path(cairo, path)
  }

  /// Makes `color`, faded by the alpha set with `setAlpha(_:)`, cairo's source.
  func setSource(_ color: Color) {
    cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha * state.alpha)
  }
}
