/// A display backend the runtime can open: what `auto` checks before trying it, and how.
@MainActor
struct DisplayBackend {
  let backend: RuntimeOptions.Backend
  /// Why this backend cannot be there (no device node), or `nil` when it may be.
  let absence: () -> String?
  /// Opens it; `waiting`: wait for the device as configured (not when `auto` probes).
  let open: (_ waiting: Bool) throws -> Panel
}
