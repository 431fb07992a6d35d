// The bridge between toml++ and KioskKit's configuration reader.
//
// toml++ checks its parser's invariants with TOML_ASSERT, which is assert() by default: an
// input that breaks one (a table header with no name, `}` where an array expects a value)
// aborted the whole app. Defining NDEBUG would only remove the check and leave undefined
// behaviour, so this file makes a failed check throw instead: toml++ reports its own errors
// by throwing (TOML_EXCEPTIONS), so its parser already unwinds cleanly from any point, and
// the throw is caught below like a parse error.
#undef NDEBUG

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <exception>
#include <new>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace ctoml_bridge {
/// Thrown where toml++ would have asserted.
struct broken_invariant : std::exception {
  const char *what() const noexcept override { return "toml++ met input it does not expect"; }
};
[[noreturn]] inline void fail_check() { throw broken_invariant(); }
}  // namespace ctoml_bridge

#define TOML_EXCEPTIONS 1
#define TOML_ENABLE_FORMATTERS 1
#define TOML_ASSERT(expr) ((expr) ? static_cast<void>(0) : ::ctoml_bridge::fail_check())
#include <toml++/toml.h>

#include "ctomlparser.h"

struct ctoml_document {
  toml::table root;
  std::vector<ctoml_node> nodes;
  /// Dates and times written out; a deque so earlier strings never move.
  std::deque<std::string> texts;
  /// The nodes that are numbers, by index, for `add_number_texts`.
  std::vector<size_t> numbers;
  std::string error;
  bool failed = false;
  /// How deep the text nests, when that is the error (else 0).
  size_t depth = 0;
  uint32_t error_line = 0;
  uint32_t error_column = 0;
};

namespace {

uint32_t clamp(toml::source_index value) {
  return value > UINT32_MAX ? UINT32_MAX : static_cast<uint32_t>(value);
}

void add(ctoml_document &document, const toml::node &node, const std::string_view *key);

ctoml_node start(const toml::node &node, const std::string_view *key) {
  ctoml_node item{};
  if (key) {
    item.key = key->data();
    item.key_length = key->size();
  }
  item.line = clamp(node.source().begin.line);
  item.column = clamp(node.source().begin.column);
  return item;
}

template <typename Value>
void add_written(ctoml_document &document, ctoml_node &item, const Value &value) {
  std::ostringstream out;
  out << value;
  document.texts.push_back(out.str());
  item.text = document.texts.back().data();
  item.text_length = document.texts.back().size();
}

void add(ctoml_document &document, const toml::node &node, const std::string_view *key) {
  ctoml_node item = start(node, key);
  switch (node.type()) {
    case toml::node_type::table: {
      const auto &table = *node.as_table();
      item.kind = CTOML_TABLE;
      item.children = table.size();
      document.nodes.push_back(item);
      for (const auto &[name, child] : table) {
        // The key's text lives in the table, which the document keeps.
        const std::string_view text = name.str();
        add(document, child, &text);
      }
      return;
    }
    case toml::node_type::array: {
      const auto &array = *node.as_array();
      item.kind = CTOML_ARRAY;
      item.children = array.size();
      document.nodes.push_back(item);
      for (const auto &child : array) add(document, child, nullptr);
      return;
    }
    case toml::node_type::string: {
      const std::string &text = node.as_string()->get();
      item.kind = CTOML_STRING;
      item.text = text.data();
      item.text_length = text.size();
      break;
    }
    case toml::node_type::integer:
      item.kind = CTOML_INTEGER;
      item.integer = node.as_integer()->get();
      document.numbers.push_back(document.nodes.size());
      break;
    case toml::node_type::floating_point:
      item.kind = CTOML_FLOAT;
      item.number = node.as_floating_point()->get();
      document.numbers.push_back(document.nodes.size());
      break;
    case toml::node_type::boolean:
      item.kind = CTOML_BOOLEAN;
      item.integer = node.as_boolean()->get() ? 1 : 0;
      break;
    case toml::node_type::date:
      item.kind = CTOML_DATE;
      add_written(document, item, node.as_date()->get());
      break;
    case toml::node_type::time:
      item.kind = CTOML_TIME;
      add_written(document, item, node.as_time()->get());
      break;
    case toml::node_type::date_time:
      item.kind = CTOML_DATE_TIME;
      add_written(document, item, node.as_date_time()->get());
      break;
    case toml::node_type::none:
      return;
  }
  document.nodes.push_back(item);
}

/// Gives each number node its text as written (`0x1F`, `1_000`, `+2.5`), which toml++
/// does not keep: KioskKit reads numbers in one syntax wherever they come from, and needs
/// the file's as written to refuse what the command line and the environment would. The
/// numbers are taken in the order of their places (line, then column in code points, as
/// toml++ counts), so the text is read once: O(n log n) for n numbers.
void add_number_texts(ctoml_document &document, std::string_view text) {
  std::vector<size_t> &numbers = document.numbers;
  const auto place = [&](size_t index) {
    return std::make_pair(document.nodes[index].line, document.nodes[index].column);
  };
  std::sort(numbers.begin(), numbers.end(),
            [&](size_t a, size_t b) { return place(a) < place(b); });
  size_t offset = 0;
  uint32_t line = 1;
  uint32_t column = 1;
  for (const size_t index : numbers) {
    ctoml_node &item = document.nodes[index];
    if (item.line == 0 || item.column == 0) continue;
    while (offset < text.size() &&
           (line < item.line || (line == item.line && column < item.column))) {
      const unsigned char byte = static_cast<unsigned char>(text[offset]);
      offset++;
      if (byte == '\n') {
        line++;
        column = 1;
      } else if ((byte & 0xC0) != 0x80) {
        // Not a UTF-8 continuation byte: the next code point.
        while (offset < text.size() && (static_cast<unsigned char>(text[offset]) & 0xC0) == 0x80)
          offset++;
        column++;
      }
    }
    if (line != item.line || column != item.column) continue;
    size_t end = offset;
    while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) ||
                                 text[end] == '_' || text[end] == '+' || text[end] == '-' ||
                                 text[end] == '.')) {
      end++;
    }
    // Nothing there (a place toml++ counts differently): its value stands as parsed.
    if (end == offset) continue;
    document.texts.emplace_back(text.substr(offset, end - offset));
    item.text = document.texts.back().data();
    item.text_length = document.texts.back().size();
  }
}

void fail(ctoml_document &document, const char *message, uint32_t line, uint32_t column) {
  document.failed = true;
  document.nodes.clear();
  document.texts.clear();
  document.root.clear();
  try {
    document.error = message;
  } catch (...) {
    document.error.clear();
  }
  document.error_line = line;
  document.error_column = column;
}

}  // namespace

namespace {

/// How deep the nodes of a TOML text nest, read from its characters alone: one level for
/// each part of a table header (`[a.b]`: 2), each part of a key (`a.b = 1`: 2 more under
/// the header) and each array or inline table a value opens. toml++ builds a table header
/// or a dotted key of any length without recursing, but then destroys the tree (and this
/// bridge, and the Swift reader, walk it) one stack frame per level: a 32 KB header of
/// 16,000 parts overflowed the stack. So the depth is found here first, in one pass that
/// keeps no more than a number per open bracket, and a deeper text never reaches toml++.
///
/// Strings (all four kinds) and comments are skipped, so brackets and dots in them do not
/// count. The scan does not judge syntax: on a text that is not TOML its count may be
/// anything, but toml++ refuses that text anyway. Array of tables headers (`[[a.b]]`)
/// count their parts like other headers; each may put an array and a table on the path,
/// so the tree is at most about twice as deep as the count.
struct depth_scan {
  /// The depth the first over the limit was reached at, and its line (1-based).
  uint32_t line = 0;
  size_t depth = 0;
  /// The line of the first table header whose name cannot start (`header_name_starts`).
  uint32_t nameless_header_line = 0;
};

/// Whether a table header's name can start at `i`, after its brackets: after spaces and
/// tabs, a bare key's letter, digit, `-` or `_`, or a quote. toml++ 3.3 and 3.4 assert on
/// anything else (`[:]`, `[é]`, `[` and a line break: its `parse_key` precondition;
/// upstream fixed the `[[[` case in pull request 301) instead of reporting it, so the
/// bridge refuses those first, with their line. The end of the text is toml++'s own error.
bool header_name_starts(const char *text, size_t length, size_t i) {
  while (i < length && (text[i] == ' ' || text[i] == '\t')) i++;
  if (i == length) return true;
  const unsigned char c = static_cast<unsigned char>(text[i]);
  return c < 0x80 && (std::isalnum(c) || c == '-' || c == '_' || c == '"' || c == '\'');
}

/// The index just past the string whose opening quote (`"` or `'`) is at `i`: a basic or
/// literal string, on one line or (tripled quotes) several, counting the line breaks it
/// spans in `line`. A one-line string that meets a line break ends before it (toml++
/// refuses it; the caller sees the break); up to two more quotes may close a multi-line
/// one (`""""` is a quote, then the end). Escapes count only in basic strings.
size_t skip_string(const char *text, size_t length, size_t i, uint32_t &line) {
  const char quote = text[i];
  const bool multi_line = i + 2 < length && text[i + 1] == quote && text[i + 2] == quote;
  i += multi_line ? 3 : 1;
  while (i < length) {
    if (quote == '"' && text[i] == '\\') {
      if (i + 1 < length && text[i + 1] == '\n') line++;
      i += 2;
      continue;
    }
    if (text[i] == '\n') {
      if (!multi_line) return i;
      line++;
    }
    if (text[i] == quote) {
      if (!multi_line) return i + 1;
      if (i + 2 < length && text[i + 1] == quote && text[i + 2] == quote) {
        i += 3;
        while (i < length && text[i] == quote) i++;
        return i;
      }
    }
    i++;
  }
  return std::min(i, length);
}

/// `scan_depth`'s state as it walks the text once: where the statement being read stands
/// (a header's name, a key, a value) and what each open bracket of a value returns to.
class depth_scanner {
 public:
  depth_scanner(const char *text, size_t length, size_t limit)
      : text_(text), length_(length), limit_(limit) {}

  depth_scan run() {
    while (i_ < length_) {
      const char c = text_[i_];
      if (c == '\n') {
        if (end_line()) return result_;  // the statement over the limit has ended
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\r') {
        i_++;
        continue;
      }
      if (c == '#') {
        while (i_ < length_ && text_[i_] != '\n') i_++;
        continue;
      }
      const bool statement_start = at_statement_start_;
      at_statement_start_ = false;
      if (c == '"' || c == '\'') {
        key_part();
        i_ = skip_string(text_, length_, i_, line_);
        continue;
      }
      i_++;
      if (in_header_) {
        header_character(c);
      } else if (statement_start && stack_.empty() && c == '[') {
        begin_header();
      } else if (in_key_) {
        key_character(c);
      } else {
        value_character(c);
      }
    }
    return result_;
  }

 private:
  /// What an open array (`[`) or inline table (`{`) of a value returns to when it closes,
  /// and whether it is an inline table (whose `,` starts a key again).
  struct open {
    size_t depth;
    bool table;
  };

  /// A line break: it ends a header, and outside brackets the statement. True when the
  /// statement that went over the limit has ended (nothing more needs reading).
  bool end_line() {
    line_++;
    i_++;
    if (in_header_) {
      // A header ends with its line (toml++ refuses one without its `]`).
      header_ = depth_;
      in_header_ = false;
    }
    if (!stack_.empty()) return false;
    // A new statement: a key under the current header (or a header).
    if (result_.line != 0) return true;
    depth_ = header_;
    in_key_ = true;
    key_started_ = false;
    at_statement_start_ = true;
    return false;
  }

  /// A table header: its parts replace the current header's.
  void begin_header() {
    if (i_ < length_ && text_[i_] == '[') i_++;
    if (result_.nameless_header_line == 0 && !header_name_starts(text_, length_, i_))
      result_.nameless_header_line = line_;
    in_header_ = true;
    depth_ = 0;
    key_started_ = false;
  }

  void header_character(char c) {
    if (c == '.') {
      next_key_part();
    } else if (c == ']') {
      // `]]` of an array of tables: the second is skipped as a stray bracket.
      header_ = depth_;
      in_header_ = false;
      in_key_ = false;
    } else {
      key_part();
    }
  }

  void key_character(char c) {
    if (c == '.') {
      next_key_part();
    } else if (c == '=') {
      in_key_ = false;
    } else if (c == '}' && !stack_.empty() && stack_.back().table) {
      depth_ = stack_.back().depth;  // `{}`: an empty inline table
      stack_.pop_back();
    } else {
      key_part();
    }
  }

  void value_character(char c) {
    switch (c) {
      case '[':
        stack_.push_back({depth_, false});
        deeper(depth_ + 1);
        break;
      case '{':
        stack_.push_back({depth_, true});
        in_key_ = true;
        key_started_ = false;
        break;
      case ']':
      case '}':
        if (!stack_.empty()) {
          depth_ = stack_.back().depth;
          stack_.pop_back();
        }
        break;
      case ',':
        if (!stack_.empty() && stack_.back().table) {
          depth_ = stack_.back().depth;
          in_key_ = true;
          key_started_ = false;
        }
        break;
      default:
        break;
    }
  }

  void deeper(size_t to) {
    depth_ = to;
    if (depth_ > limit_) {
      if (result_.line == 0) result_.line = line_;
      if (depth_ > result_.depth) result_.depth = depth_;
    }
  }

  /// The first character of a key's part, or of a header name's: one level deeper.
  void key_part() {
    if (!in_key_ || key_started_) return;
    key_started_ = true;
    deeper(depth_ + 1);
  }

  /// A `.` between parts: the next part is one level deeper, even if it is empty.
  void next_key_part() {
    key_started_ = false;
    key_part();
    key_started_ = true;
  }

  const char *text_;
  size_t length_;
  size_t limit_;
  depth_scan result_;
  std::vector<open> stack_;
  size_t header_ = 0;        // parts of the table header statements are under
  size_t depth_ = 0;         // depth of the node being read
  bool in_key_ = true;       // reading a key (or a header's name), not a value
  bool in_header_ = false;
  bool key_started_ = false;  // the current key has a part already
  bool at_statement_start_ = true;
  uint32_t line_ = 1;
  size_t i_ = 0;
};

depth_scan scan_depth(const char *text, size_t length, size_t limit) {
  return depth_scanner(text, length, limit).run();
}

/// The line of the first `}` where an array expects an element (after `[` or `,`, blanks,
/// line breaks and comments aside: `a = [1, }`), outside strings and comments; 0 when
/// there is none. toml++ 3.4 asserts there (`parse_value`'s precondition) instead of
/// reporting it. Brackets count as arrays only after a `=` or inside another array or
/// inline table, so a table header is none. Every step is linear in the text.
uint32_t brace_for_element_line(const char *text, size_t length) {
  struct open { bool array; bool expecting_element; };
  std::vector<open> stack;
  bool after_equals = false;
  uint32_t line = 1;
  size_t i = 0;
  const auto element_seen = [&] {
    if (!stack.empty() && stack.back().array) stack.back().expecting_element = false;
  };
  while (i < length) {
    const char c = text[i];
    switch (c) {
      case '\n':
        line++;
        if (stack.empty()) after_equals = false;
        i++;
        break;
      case '#':
        while (i < length && text[i] != '\n') i++;
        break;
      case '"':
      case '\'':
        element_seen();
        i = skip_string(text, length, i, line);
        break;
      case '=':
        if (stack.empty()) after_equals = true;
        i++;
        break;
      case '[':
      case '{':
        element_seen();
        if (after_equals || !stack.empty()) stack.push_back({c == '[', c == '['});
        i++;
        break;
      case ']':
        if (!stack.empty() && stack.back().array) stack.pop_back();
        i++;
        break;
      case '}':
        if (!stack.empty() && stack.back().array && stack.back().expecting_element) return line;
        if (!stack.empty() && !stack.back().array) stack.pop_back();
        i++;
        break;
      case ',':
        if (!stack.empty() && stack.back().array) stack.back().expecting_element = true;
        i++;
        break;
      case ' ':
      case '\t':
      case '\r':
        i++;
        break;
      default:
        element_seen();
        i++;
        break;
    }
  }
  return 0;
}

}  // namespace

extern "C" int ctoml_check_depth(const char *text, size_t length, size_t limit,
                                 uint32_t *line, size_t *depth) {
  const depth_scan scan = scan_depth(text, length, limit);
  if (scan.line == 0) return 0;
  *line = scan.line;
  *depth = scan.depth;
  return 1;
}

extern "C" ctoml_document *ctoml_parse(const char *text, size_t length, size_t max_depth) {
  ctoml_document *document = new (std::nothrow) ctoml_document();
  if (!document) return nullptr;
  try {
    const depth_scan scan = scan_depth(text, length, max_depth);
    if (scan.line != 0) {
      fail(*document, "the text nests too deep", scan.line, 0);
      document->depth = scan.depth;
      return document;
    }
    // What toml++ would assert on rather than report, refused with its line (no column:
    // the message says what is missing).
    if (scan.nameless_header_line != 0) {
      fail(*document,
           "a table header needs a name after its bracket, e.g. [output] or [\"my table\"]",
           scan.nameless_header_line, 0);
      return document;
    }
    if (const uint32_t line = brace_for_element_line(text, length)) {
      fail(*document, "an array needs a value or ] where it has }", line, 0);
      return document;
    }
    document->root = toml::parse(std::string_view(text, length));
    add(*document, document->root, nullptr);
    add_number_texts(*document, std::string_view(text, length));
  } catch (const toml::parse_error &error) {
    fail(*document, std::string(error.description()).c_str(), clamp(error.source().begin.line),
         clamp(error.source().begin.column));
  } catch (const ctoml_bridge::broken_invariant &error) {
    fail(*document, error.what(), 0, 0);
  } catch (const std::bad_alloc &) {
    fail(*document, "out of memory", 0, 0);
  } catch (const std::exception &error) {
    fail(*document, error.what(), 0, 0);
  } catch (...) {
    fail(*document, "unknown error", 0, 0);
  }
  return document;
}

extern "C" const char *ctoml_error(const ctoml_document *document) {
  if (!document->failed) return nullptr;
  return document->error.empty() ? "out of memory" : document->error.c_str();
}

extern "C" uint32_t ctoml_error_line(const ctoml_document *document) {
  return document->error_line;
}

extern "C" size_t ctoml_error_depth(const ctoml_document *document) {
  return document->depth;
}

extern "C" uint32_t ctoml_error_column(const ctoml_document *document) {
  return document->error_column;
}

extern "C" size_t ctoml_node_count(const ctoml_document *document) {
  return document->nodes.size();
}

extern "C" const ctoml_node *ctoml_nodes(const ctoml_document *document) {
  return document->nodes.data();
}

extern "C" void ctoml_free(ctoml_document *document) { delete document; }
