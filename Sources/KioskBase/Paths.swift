/// `name` inside the folder `folder`, with one slash between: what Foundation's
/// `NSString.appendingPathComponent` gave for the paths KioskKit joins (an empty folder
/// gives `name` alone; slashes at the folder's end or the name's start count once).
public func joinedPath(_ folder: String, _ name: String) -> String {
  let tail = name.drop { $0 == "/" }
  guard !folder.isEmpty else { return String(tail) }
  var head = Substring(folder)
  while head.count > 1, head.hasSuffix("/") { head = head.dropLast() }
  return head == "/" ? "/" + tail : head + "/" + tail
}
