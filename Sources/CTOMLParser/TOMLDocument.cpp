// The bridge between toml++ and KioskKit's configuration reader.
//
// toml++ checks its parser's invariants with TOML_ASSERT, which is assert() by default: an
// input that breaks one (a table header with no name, `}` where an array expects a value)
// aborted the whole app. Defining NDEBUG would only remove the check and leave undefined
// behaviour, so this file makes a failed check throw instead: toml++ reports its own errors
// by throwing (TOML_EXCEPTIONS), so its parser already unwinds cleanly from any point, and
// the throw is caught below like a parse error.
#undef NDEBUG

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
  std::string error;
  bool failed = false;
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
      break;
    case toml::node_type::floating_point:
      item.kind = CTOML_FLOAT;
      item.number = node.as_floating_point()->get();
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

extern "C" ctoml_document *ctoml_parse(const char *text, size_t length) {
  ctoml_document *document = new (std::nothrow) ctoml_document();
  if (!document) return nullptr;
  try {
    document->root = toml::parse(std::string_view(text, length));
    add(*document, document->root, nullptr);
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
