// Typed, validating access to TOML tables (see reader.hpp).
//
// Sections
//   Sink                     collects a file's diagnostics (bounded); throw_if_errors
//   parsing                  parse_toml_string / parse_toml_file: read bounded (input.hpp),
//                            binary content refused, syntax errors said plainly
//                            (plain_syntax_message), counts bounded (check_key_parts
//                            before parsing, check_counts after)
//   Table                    typed getters (str, integer, number, boolean, choice, arrays,
//                            table, tables) and only_keys (unknown keys are reported);
//                            choice with aliases notes what an alias matched in the Sink
#include "core/toml_reader.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/names.hpp"
#include "core/text.hpp"

namespace umpire {

// ---- Sink ------------------------------------------------------------------

void Sink::error_at(int line, int column, std::string message) {
    // Past the cap one closing line is added and the rest dropped: a hostile file cannot
    // make the report (or the memory holding it) grow with the file.
    if (diags_.size() > kMaxDiagnostics) return;
    if (diags_.size() == kMaxDiagnostics) {
        diags_.push_back({file_, line > 0 ? line : 1, column > 0 ? column : 1,
                          "too many problems: only the first " + std::to_string(kMaxDiagnostics) + " are shown"});
        return;
    }
    diags_.push_back({file_, line > 0 ? line : 1, column > 0 ? column : 1, std::move(message)});
}

void Sink::error(const toml::source_region& where, std::string message) {
    error_at(static_cast<int>(where.begin.line), static_cast<int>(where.begin.column), std::move(message));
}

void Sink::error(const toml::node* where, std::string message) {
    if (where) error(where->source(), std::move(message));
    else error_at(1, 1, std::move(message));
}

void Sink::throw_if_errors() const {
    if (!diags_.empty()) throw InputError(diags_);
}

void Sink::absorb(const std::vector<Diagnostic>& more) {
    for (const auto& d : more) error_at(d.line, d.column, d.message);
}

// ---- parsing ---------------------------------------------------------------

static bool contains(std::string_view s, std::string_view what) { return s.find(what) != std::string_view::npos; }

// Line `line` (1-based) of `text`, without its end of line.
static std::string_view line_of(std::string_view text, int line) {
    std::size_t start = 0;
    for (int l = 1; l < line; ++l) {
        const std::size_t nl = text.find('\n', start);
        if (nl == std::string_view::npos) return {};
        start = nl + 1;
    }
    const std::size_t end = text.find('\n', start);
    return text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
}

// The column (1-based, in characters) of the quote opening a one-line string that is still
// open at the end of `l`, or 0 (none, or a """ string that may have begun on an earlier line).
static int open_quote_column(std::string_view l) {
    char quote = 0;
    int open_col = 0, col = 0;
    for (std::size_t i = 0; i < l.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(l[i]);
        if ((c & 0xc0) != 0x80) ++col;  // count characters, not UTF-8 continuation bytes
        if (quote == 0) {
            if (c == '#') return 0;
            if (c == '"' || c == '\'') {
                if (l.substr(i, 3) == std::string(3, static_cast<char>(c))) return 0;
                quote = static_cast<char>(c);
                open_col = col;
            }
        } else if (quote == '"' && c == '\\') {
            ++i;
            ++col;
        } else if (c == static_cast<unsigned char>(quote)) {
            quote = 0;
        }
    }
    return quote ? open_col : 0;
}

// The name in toml++'s "... existing table 'a'" (the part from "existing ").
static std::string redefined_name(std::string_view detail) {
    const std::size_t at = detail.find("existing ");
    return at == std::string_view::npos ? std::string("a key") : std::string(detail.substr(at + 9));
}

std::string plain_syntax_message(std::string_view description, std::string_view text, int& line, int& column) {
    static constexpr std::string_view kPrefix = "Error while parsing ";
    std::string_view what, detail = description;
    if (description.rfind(kPrefix, 0) == 0) {
        const std::size_t colon = description.find(": ");
        what = description.substr(kPrefix.size(), colon == std::string_view::npos ? std::string_view::npos : colon - kPrefix.size());
        detail = colon == std::string_view::npos ? std::string_view() : description.substr(colon + 2);
    }
    const std::string_view here = line_of(text, line);
    const bool at_line_end = column > 0 && static_cast<std::size_t>(column) > here.size();
    if (contains(what, "string")) {
        if (contains(detail, "end-of-file") || (contains(detail, "control characters") && at_line_end)) {
            if (const int open = open_quote_column(here)) {
                column = open;
                return "a string is not closed: add its closing quote before the end of the line "
                       "(a string over several lines is written between \"\"\" marks)";
            }
            return "a string is not closed before the end of the file";
        }
        if (contains(detail, "control characters"))
            return "a string holds a control character: write it as an escape such as \\t or \\u001B";
        if (contains(detail, "unknown escape sequence"))
            return "unknown escape " + std::string(detail.substr(detail.find('\''))) +
                   " in a string: write a backslash as \\\\ or use a 'literal string'";
    }
    if (contains(detail, "cannot redefine existing"))
        return redefined_name(detail) + " is defined twice: a key or table may appear only once";
    if (contains(detail, "expected value")) return "a value is missing after '='";
    if (what == "table header" && contains(detail, "expected ']'"))
        return "the table header is not closed: add ']' at the end of its line";
    if (what == "array" && contains(detail, "end-of-file")) return "an array is not closed: add ']'";
    if (what == "inline table" && contains(detail, "dangling comma"))
        return "an inline table cannot end with a comma before '}'";
    if (what == "inline table" && contains(detail, "end-of-file")) return "an inline table is not closed: add '}'";
    if (what == "inline table" && contains(detail, "saw '\n'"))
        return "an inline table { ... } is not closed on its line: add '}' (an inline table stays on one line)";
    if (contains(detail, "leading zeroes"))
        return "a number cannot start with 0 (write a hex number as a string, e.g. \"0101\")";
    if (contains(detail, "not representable in 64 bits")) return "the integer is too large (more than 64 bits)";
    if (what == "boolean") return "expected true or false (lower case, without quotes)";
    if (contains(detail, "expected a comment or whitespace"))
        return "unexpected text after the value (write one key = value per line; quote a text value)";
    if (what == "root table" && contains(detail, "expected keys"))
        return "this line is not a key = value, a [table] header or a comment";
    if (contains(detail, "expected '='")) return "expected '=' after the key (a key holding spaces must be in quotes)";
    if (contains(detail, "exceeded maximum nested value depth"))
        return "arrays or inline tables are nested too deeply (more than 256 levels)";
    if (contains(description, "invalid utf-8")) return "not UTF-8 text";
    if (what.empty()) return std::string(description);
    return "in " + std::string(what) + ": " + std::string(detail);
}

// Walks the document counting nodes; throws at the first table, array or total over its limit.
namespace {
struct Counter {
    const std::string& file;
    std::size_t nodes = 0;

    [[noreturn]] void fail(const toml::node& n, const std::string& message) const {
        const auto& b = n.source().begin;
        throw InputError({Diagnostic{file, b.line > 0 ? static_cast<int>(b.line) : 1,
                                     b.column > 0 ? static_cast<int>(b.column) : 1, message}});
    }
    void count(const toml::node& n) { count(n, n.type()); }
    // `type` is n.type(): asked once per node (a virtual call), and a plain value -- most nodes --
    // is counted without a call of its own.
    void one_more(const toml::node& n) {
        if (++nodes > kMaxTomlNodes)
            fail(n, "too many values: more than " + std::to_string(kMaxTomlNodes) +
                        " in the file (a situation holds a few dozen)");
    }
    void count(const toml::node& n, toml::node_type type) {
        one_more(n);
        if (type == toml::node_type::table) {
            const auto* t = static_cast<const toml::table*>(&n);
            if (t->size() > kMaxKeysPerTable)
                fail(n, "too many keys in one table: " + std::to_string(t->size()) + " (at most " +
                            std::to_string(kMaxKeysPerTable) + ")");
            for (const auto& [k, v] : *t) child(v);
        } else if (type == toml::node_type::array) {
            const auto* a = static_cast<const toml::array*>(&n);
            if (a->size() > kMaxArrayItems)
                fail(n, "too many items in one array: " + std::to_string(a->size()) + " (at most " +
                            std::to_string(kMaxArrayItems) + ")");
            for (const auto& v : *a) child(v);
        }
    }
    void child(const toml::node& v) {
        const toml::node_type type = v.type();
        if (type == toml::node_type::table || type == toml::node_type::array) count(v, type);
        else one_more(v);
    }
};
}  // namespace

void check_counts(const toml::table& doc, const std::string& display_name) {
    Counter c{display_name};
    c.count(doc);
}

// Line and column (in characters) of byte `offset` of `text`.
static std::pair<int, int> location_of(std::string_view text, std::size_t offset) {
    int line = 1, column = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') { ++line; column = 1; }
        else if ((static_cast<unsigned char>(text[i]) & 0xc0) != 0x80) ++column;
    }
    return {line, column};
}

// Whether text[i..] starts with three `q`s (a multi-line string's delimiter).
static bool triple(std::string_view text, std::size_t i, char q) {
    return i + 3 <= text.size() && text[i] == q && text[i + 1] == q && text[i + 2] == q;
}

// Index just past the string starting at text[i] (a quote): one-line or multi-line, basic
// (with backslash escapes) or literal. An unclosed one-line string ends at its line's end,
// an unclosed multi-line one at the end of the text (toml++ then reports it).
static std::size_t skip_string(std::string_view text, std::size_t i) {
    const char q = text[i];
    const bool multi = triple(text, i, q);
    std::size_t j = i + (multi ? 3 : 1);
    while (j < text.size()) {
        const char c = text[j];
        if (q == '"' && c == '\\') { j += 2; continue; }
        if (!multi && c == '\n') return j;
        if (c == q && (!multi || triple(text, j, q))) return j + (multi ? 3 : 1);
        ++j;
    }
    return text.size();
}

// Whether the scan below could find a key of too many parts. It counts dots between separators,
// and a new line is one unless it lies inside a string: a multi-line string, or a one-line string
// whose backslash escapes the new line. A text without those has every counted run of dots on one
// line, so when no line holds kMaxKeyParts dots there is nothing to find. That is most files, and
// this look takes sixteen bytes at a time: the byte-by-byte scan, a tenth of the time toml++ takes
// to parse the file, then never runs (issue 21, point 6).
static bool may_have_long_keys(std::string_view text) {
    const char* const s = text.data();
    const std::size_t n = text.size();
    // Byte i starts what could hide a new line from the scan: a backslash before one, or three quotes.
    const auto hides_new_line = [&](std::size_t i) {
        const char c = s[i];
        if (c == '\\') return i + 1 < n && s[i + 1] == '\n';
        return (c == '"' || c == '\'') && i + 2 < n && s[i + 1] == c && s[i + 2] == c;
    };
    std::size_t dots = 0;  // since the last new line
    std::size_t i = 0;
#if defined(__SSE2__)
    // Sixteen bytes at a time (SSE2 is in every x86-64), each beside the byte that follows it. Only
    // a quote before the same quote or a backslash before a new line can start what hides a new
    // line; a block without a dot only ends a run at its new line (most blocks are either).
    const __m128i dot = _mm_set1_epi8('.'), nl = _mm_set1_epi8('\n'), bs = _mm_set1_epi8('\\'),
                  dq = _mm_set1_epi8('"'), sq = _mm_set1_epi8('\'');
    for (; i + 17 <= n; i += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i));
        const __m128i next = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i + 1));
        const __m128i quote_pair = _mm_and_si128(_mm_or_si128(_mm_cmpeq_epi8(v, dq), _mm_cmpeq_epi8(v, sq)), _mm_cmpeq_epi8(v, next));
        const __m128i escaped_line = _mm_and_si128(_mm_cmpeq_epi8(v, bs), _mm_cmpeq_epi8(next, nl));
        for (unsigned m = unsigned(_mm_movemask_epi8(_mm_or_si128(quote_pair, escaped_line))); m != 0; m &= m - 1)
            if (hides_new_line(i + unsigned(__builtin_ctz(m)))) return true;
        const unsigned d = unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(v, dot))), l = unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(v, nl)));
        if (d == 0) {
            if (l != 0) dots = 0;
            continue;
        }
        for (unsigned m = d | l; m != 0; m &= m - 1) {  // in order: each dot counts, each new line resets
            if (s[i + unsigned(__builtin_ctz(m))] == '\n') dots = 0;
            else if (++dots >= kMaxKeyParts) return true;
        }
    }
#endif
    for (; i < n; ++i) {
        if (hides_new_line(i)) return true;
        if (s[i] == '.' && ++dots >= kMaxKeyParts) return true;
        if (s[i] == '\n') dots = 0;
    }
    return false;
}

void check_key_parts(std::string_view text, const std::string& display_name) {
    if (may_have_long_keys(text)) scan_key_parts(text, display_name);
}

namespace {

// What each byte is to scan_key_parts (most are nothing: skipped in a tight loop). Outside strings
// and comments a dot is either a key separator or the one dot of a number or time; a run of dots
// not broken by = , [ ] { } or a new line counts a key's separators. Made at compile time.
enum class KeyByte : unsigned char { other, comment, quote, dot, separator };

constexpr std::array<KeyByte, 256> key_byte_table() {
    std::array<KeyByte, 256> k{};
    k[0x23] = KeyByte::comment;          // #
    k[0x22] = k[0x27] = KeyByte::quote;  // " and '
    k[0x2e] = KeyByte::dot;              // .
    for (const unsigned char c : {0x3d, 0x2c, 0x5b, 0x5d, 0x7b, 0x7d, 0x0a}) k[c] = KeyByte::separator;  // = , [ ] { } new line
    return k;
}
constexpr std::array<KeyByte, 256> kKeyBytes = key_byte_table();

}  // namespace

void scan_key_parts(std::string_view text, const std::string& display_name) {
    std::size_t dots = 0;
    for (std::size_t i = 0; i < text.size();) {
        const KeyByte kind = kKeyBytes[static_cast<unsigned char>(text[i])];
        if (kind == KeyByte::other) { ++i; continue; }
        if (kind == KeyByte::comment) {
            const std::size_t nl = text.find('\n', i);
            i = nl == std::string_view::npos ? text.size() : nl;
            continue;
        }
        if (kind == KeyByte::quote) { i = skip_string(text, i); continue; }
        if (kind == KeyByte::dot && ++dots >= kMaxKeyParts) {
            const auto [line, column] = location_of(text, i);
            throw InputError({Diagnostic{display_name, line, column,
                                         "a dotted key or table header has too many parts: more than " +
                                             std::to_string(kMaxKeyParts)}});
        }
        if (kind == KeyByte::separator) dots = 0;
        ++i;
    }
}

toml::table parse_toml_string(std::string_view text, const std::string& display_name, std::size_t limit) {
    check_text(text, display_name, limit);
    check_key_parts(text, display_name);
    toml::table doc;
    try {
        doc = toml::parse(text, display_name);
    } catch (const toml::parse_error& e) {
        int line = static_cast<int>(e.source().begin.line), column = static_cast<int>(e.source().begin.column);
        const std::string message = plain_syntax_message(e.description(), text, line, column);
        Sink s(display_name);
        s.error_at(line, column, "TOML syntax error: " + message);
        s.throw_if_errors();
    }
    check_counts(doc, display_name);
    return doc;
}

toml::table parse_toml_file(const std::filesystem::path& path, const std::string& display_name, std::size_t limit) {
    return parse_toml_string(read_input_file(path, display_name, limit), display_name, limit);
}

// ---- Table -----------------------------------------------------------------

std::string describe_type(const toml::node& n) {
    switch (n.type()) {
        case toml::node_type::string: return "a string";
        case toml::node_type::integer: return "an integer";
        case toml::node_type::floating_point: return "a number with a fraction";
        case toml::node_type::boolean: return "a boolean";
        case toml::node_type::array: return "an array";
        case toml::node_type::table: return "a table";
        case toml::node_type::date: return "a date";
        case toml::node_type::time: return "a time";
        case toml::node_type::date_time: return "a date-time";
        default: return "nothing";
    }
}

Section::Section(Sink& sink, const toml::table* table, std::string path)
    : sink_(&sink), table_(table), path_(std::move(path)) {}

const toml::source_region& Section::where() const {
    return table_ ? table_->source() : missing_where_;
}

bool Section::has(std::string_view key) const { return table_ && table_->contains(key); }

const toml::node* Section::node(std::string_view key) const { return table_ ? table_->get(key) : nullptr; }

// A bare TOML key (letters, digits, '_' and '-') is shown as it is; any other key in quotes,
// escaped, as TOML writes it, so the path stays one unambiguous piece of one line.
static std::string shown_key(std::string_view key) {
    if (key.empty()) return quoted_value(key);
    for (const char c : key)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-')) return quoted_value(key);
    return std::string(key);
}

std::string Section::key_path(std::string_view key) const {
    if (key.empty()) return path_;
    if (path_.empty()) return shown_key(key);
    return path_ + "." + shown_key(key);
}

void Section::error(std::string_view key, const std::string& message) const {
    const toml::node* n = key.empty() ? nullptr : node(key);
    const std::string prefix = key_path(key);
    const std::string text = prefix.empty() ? message : prefix + ": " + message;
    if (n) sink_->error(n, text);
    else sink_->error(where(), text);
}

// The accepted names for a message; rules data may leave a list empty (a club's copy without them).
static std::string accepted_names(const std::vector<std::string>& accepted) {
    return accepted.empty() ? std::string("none: the rules data lists no names here") : join_names(accepted);
}

static bool report_missing(const Section& t, std::string_view key, bool required, const std::string& what) {
    if (required) t.error(key, "missing required key (expected " + what + ")");
    return false;
}

// The node at `key` when it is there and of the type `is` asks, else nullptr: a missing required key
// is reported as expecting `expected()`, a value of another type as `wrong()` and the type found.
// The messages are built only when reported.
template <class Expected, class Wrong>
static const toml::node* typed_node(const Section& t, std::string_view key, bool required,
                                    bool (toml::node::*is)() const noexcept, Expected expected, Wrong wrong) {
    const toml::node* n = t.node(key);
    if (!n) {
        if (required) report_missing(t, key, required, expected());
        return nullptr;
    }
    if (!(n->*is)()) {
        t.error(key, wrong() + describe_type(*n));
        return nullptr;
    }
    return n;
}

std::optional<std::string> Section::str(std::string_view key, bool required) const {
    const toml::node* n = node(key);
    if (!n) { if (required) report_missing(*this, key, required, "a string"); return std::nullopt; }
    if (auto v = n->value<std::string>(); v && n->is_string()) return *v;
    error(key, "expected a string, found " + describe_type(*n));
    return std::nullopt;
}

std::optional<std::int64_t> Section::integer(std::string_view key, bool required, std::optional<std::int64_t> min,
                                           std::optional<std::int64_t> max, std::string_view range_hint) const {
    auto range_text = [&]() -> std::string {
        if (!range_hint.empty()) return std::string(range_hint);
        if (min && max) return std::to_string(*min) + ".." + std::to_string(*max);
        if (min) return std::to_string(*min) + " or more";
        if (max) return std::to_string(*max) + " or less";
        return "any integer";
    };
    const toml::node* n = typed_node(*this, key, required, &toml::node::is_integer, [&] { return "an integer, " + range_text(); },
                                     [&] { return "expected an integer (" + range_text() + "), found "; });
    if (!n) return std::nullopt;
    const std::int64_t v = n->as_integer()->get();
    if ((min && v < *min) || (max && v > *max)) {
        error(key, std::to_string(v) + " is out of range (accepted: " + range_text() + ")");
        return std::nullopt;
    }
    return v;
}

std::optional<double> Section::number(std::string_view key, bool required, std::optional<double> min,
                                    std::optional<double> max) const {
    const toml::node* n = node(key);
    if (!n) { if (required) report_missing(*this, key, required, "a number"); return std::nullopt; }
    double v;
    if (n->is_integer()) v = static_cast<double>(n->as_integer()->get());
    else if (n->is_floating_point()) v = n->as_floating_point()->get();
    else { error(key, "expected a number, found " + describe_type(*n)); return std::nullopt; }
    if ((min && v < *min) || (max && v > *max)) {
        std::ostringstream os;
        os << v << " is out of range (accepted: ";
        if (min && max) os << *min << " to " << *max;
        else if (min) os << *min << " or more";
        else os << *max << " or less";
        os << ")";
        error(key, os.str());
        return std::nullopt;
    }
    return v;
}

std::optional<bool> Section::boolean(std::string_view key, bool required) const {
    const toml::node* n = typed_node(*this, key, required, &toml::node::is_boolean, [] { return std::string("true or false"); },
                                     [] { return std::string("expected true or false, found "); });
    if (!n) return std::nullopt;
    return n->as_boolean()->get();
}

std::optional<std::string> Section::choice(std::string_view key, const std::vector<std::string>& accepted,
                                         bool required) const {
    const toml::node* n = typed_node(*this, key, required, &toml::node::is_string, [&] { return "one of " + join_names(accepted); },
                                     [&] { return "expected a name, one of " + join_names(accepted) + "; found "; });
    if (!n) return std::nullopt;
    const std::string given = n->as_string()->get();
    if (auto i = match_name(given, accepted)) return accepted[*i];
    error(key, "unknown name " + quoted_value(given) + " (accepted: " + accepted_names(accepted) + ")");
    return std::nullopt;
}

std::optional<std::string> Section::choice(std::string_view key, const std::vector<Named>& accepted, bool required,
                                         std::string_view what, std::string_view rule) const {
    const auto names = [&accepted] { return names_of(accepted); };  // for messages only
    const toml::node* n = typed_node(*this, key, required, &toml::node::is_string, [&] { return "one of " + join_names(names()); },
                                     [&] { return "expected a name, one of " + join_names(names()) + "; found "; });
    if (!n) return std::nullopt;
    const std::string given = n->as_string()->get();
    const NameMatch m = resolve_name(given, accepted);
    if (m.index) {
        const std::string& name = accepted[*m.index].name;
        if (m.by_alias) sink_->note_match({key_path(key), given, name, std::string(rule)});
        return name;
    }
    if (!m.ambiguous.empty()) {
        std::vector<std::string> both;
        for (std::size_t i : m.ambiguous) both.push_back(accepted[i].name);
        error(key, quoted_value(given) + " names more than one " + std::string(what) + ": " + join_names(both, " and ") +
                       " (give the one meant by its own name)");
        return std::nullopt;
    }
    error(key, "unknown " + std::string(what) + " " + quoted_value(given) + " (accepted: " + accepted_names(names()) + ")");

    return std::nullopt;
}

// Reads an array whose elements must all be of one TOML type.
template <class T>
static std::optional<std::vector<T>> typed_array(const Section& t, std::string_view key, bool required,
                                                 const char* what, bool (toml::node::*is)() const noexcept) {
    const toml::node* n = typed_node(t, key, required, &toml::node::is_array, [&] { return std::string("an array of ") + what + "s"; },
                                     [&] { return std::string("expected an array of ") + what + "s, found "; });
    if (!n) return std::nullopt;
    std::vector<T> out;
    out.reserve(n->as_array()->size());
    bool ok = true;
    std::size_t i = 0;
    for (const auto& el : *n->as_array()) {
        if (!(el.*is)()) {
            t.sink().error(&el, t.key_path(key) + "[" + std::to_string(i) + "]: expected " +
                                    (what[0] == 'i' ? "an " : "a ") + what + ", found " + describe_type(el));
            ok = false;
        } else {
            out.push_back(*el.value<T>());
        }
        ++i;
    }
    if (!ok) return std::nullopt;
    return out;
}

std::optional<std::vector<std::string>> Section::string_array(std::string_view key, bool required) const {
    return typed_array<std::string>(*this, key, required, "string", &toml::node::is_string);
}

std::optional<std::vector<std::string_view>> Section::string_views(std::string_view key, bool required) const {
    return typed_array<std::string_view>(*this, key, required, "string", &toml::node::is_string);
}

std::optional<std::vector<std::int64_t>> Section::int_array(std::string_view key, bool required) const {
    return typed_array<std::int64_t>(*this, key, required, "integer", &toml::node::is_integer);
}

std::optional<std::vector<std::string>> Section::choice_array(std::string_view key,
                                                            const std::vector<std::string>& accepted,
                                                            bool required) const {
    const toml::node* n = typed_node(*this, key, required, &toml::node::is_array, [&] { return "an array of names from " + join_names(accepted); },
                                     [&] { return "expected an array of names (accepted: " + join_names(accepted) + "), found "; });
    if (!n) return std::nullopt;
    std::vector<std::string> out;
    out.reserve(n->as_array()->size());
    bool ok = true;
    std::size_t i = 0;
    for (const auto& el : *n->as_array()) {
        const auto where = [&] { return key_path(key) + "[" + std::to_string(i) + "]"; };  // for a message only
        if (!el.is_string()) {
            sink_->error(&el, where() + ": expected a name, found " + describe_type(el));
            ok = false;
        } else if (auto m = match_name(el.as_string()->get(), accepted)) {
            out.push_back(accepted[*m]);
        } else {
            sink_->error(&el, where() + ": unknown name " + quoted_value(el.as_string()->get()) + " (accepted: " +

                                  accepted_names(accepted) + ")");
            ok = false;
        }
        ++i;
    }
    if (!ok) return std::nullopt;
    return out;
}

Section Section::table(std::string_view key, bool required) const {
    const toml::node* n = node(key);
    if (!n) {
        report_missing(*this, key, required, "a table");
        Section t(*sink_, nullptr, key_path(key));
        t.missing_where_ = where();
        return t;
    }
    if (!n->is_table()) {
        error(key, "expected a table, found " + describe_type(*n));
        Section t(*sink_, nullptr, key_path(key));
        t.missing_where_ = n->source();
        return t;
    }
    return Section(*sink_, n->as_table(), key_path(key));
}

std::vector<Section> Section::tables(std::string_view key, bool required) const {
    std::vector<Section> out;
    const toml::node* n = node(key);
    if (!n) { if (required) report_missing(*this, key, required, "an array of tables"); return out; }
    if (!n->is_array()) { error(key, "expected an array of tables, found " + describe_type(*n)); return out; }
    const std::string base = key_path(key);
    out.reserve(n->as_array()->size());
    std::size_t i = 0;
    for (const auto& el : *n->as_array()) {
        std::string p = cat({base, "[", i, "]"});
        if (!el.is_table()) sink_->error(&el, p + ": expected a table, found " + describe_type(el));
        else out.emplace_back(*sink_, el.as_table(), std::move(p));
        ++i;
    }
    return out;
}

void Section::only_keys(const std::vector<std::string>& known) const {
    if (!table_) return;
    for (const auto& [k, v] : *table_) {
        bool found = false;
        for (const auto& name : known)
            if (k.str() == name) { found = true; break; }
        if (!found)
            sink_->error(&v, key_path(k.str()) + ": unknown key (accepted keys here: " + join_names(known, ", ") + ")");
    }
}

std::string toml_number(double v) {
    char buf[40];
    if (v == std::floor(v) && std::fabs(v) < 1e15) {
        std::snprintf(buf, sizeof buf, "%.0f", v);
        return buf;
    }
    for (int digits = 1; digits <= 17; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, v);
        if (std::strtod(buf, nullptr) == v) break;
    }
    return buf;
}

std::string toml_string(const std::string& s) {
    std::ostringstream os;
    os << toml::value<std::string>(s);
    return os.str();
}

void Section::only_keys(std::initializer_list<std::string_view> known) const {
    if (!table_) return;
    for (const auto& [k, v] : *table_)
        if (std::find(known.begin(), known.end(), k.str()) == known.end())
            return only_keys(std::vector<std::string>(known.begin(), known.end()));  // reports every unknown key
}

}  // namespace umpire
