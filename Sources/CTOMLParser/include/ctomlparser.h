// A TOML document parsed by toml++ (Debian's libtomlplusplus-dev), handed to Swift as a
// flat list of nodes that the document owns and frees in one call.
#ifndef CTOMLPARSER_H
#define CTOMLPARSER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What a node is.
typedef enum {
  CTOML_TABLE,
  CTOML_ARRAY,
  CTOML_STRING,
  CTOML_INTEGER,
  CTOML_FLOAT,
  CTOML_BOOLEAN,
  CTOML_DATE,
  CTOML_TIME,
  CTOML_DATE_TIME,
} ctoml_kind;

/// One node, in depth-first order: a table or an array is followed by its `children`
/// (each with its own children after it). Pointers stay valid until the document is freed.
typedef struct {
  ctoml_kind kind;
  /// The key in its table; NULL for the root and for array elements.
  const char *key;
  size_t key_length;
  /// A string's text, a date or time written as TOML, or a number as written (`0x1F`).
  const char *text;
  size_t text_length;
  /// An integer, or a boolean as 0 or 1.
  int64_t integer;
  double number;
  /// Direct children of a table or an array.
  size_t children;
  /// Where the node starts (1-based; 0 when toml++ does not know).
  uint32_t line;
  uint32_t column;
} ctoml_node;

typedef struct ctoml_document ctoml_document;

/// Parses `length` bytes of UTF-8. NULL only when memory runs out; otherwise a document
/// that either failed (`ctoml_error` is not NULL) or has its nodes, the root table first.
/// Parsing never aborts: toml++'s internal checks report an error instead. A text whose
/// table headers, keys, arrays and inline tables nest more than `max_depth` levels deep
/// (see `ctoml_check_depth`) fails before toml++ reads it, with `ctoml_error_depth`.
ctoml_document *ctoml_parse(const char *text, size_t length, size_t max_depth);
/// Whether `length` bytes of TOML nest more than `limit` levels deep, counting the parts of
/// table headers and keys and the arrays and inline tables of values, strings and comments
/// aside; in one pass, without recursing. 1 with the line where the limit is first passed
/// and the depth that statement reaches; 0 (and nothing set) when the text keeps within it.
int ctoml_check_depth(const char *text, size_t length, size_t limit, uint32_t *line,
                      size_t *depth);
/// Why parsing failed, or NULL when it did not.
const char *ctoml_error(const ctoml_document *document);
/// When the error is that the text nests more than `max_depth` levels deep, the depth its
/// statement at `ctoml_error_line` reaches; else 0 (a syntax error).
size_t ctoml_error_depth(const ctoml_document *document);
/// Where the error is (1-based; 0 when unknown).
uint32_t ctoml_error_line(const ctoml_document *document);
uint32_t ctoml_error_column(const ctoml_document *document);
size_t ctoml_node_count(const ctoml_document *document);
const ctoml_node *ctoml_nodes(const ctoml_document *document);
/// Frees the document and everything its nodes point at.
void ctoml_free(ctoml_document *document);

#ifdef __cplusplus
}
#endif

#endif
