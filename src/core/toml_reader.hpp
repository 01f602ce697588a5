// Typed, validating access to TOML tables (situations and rules data).
//
// Every accessor reports problems into a shared Sink as `FILE:LINE:COL: key: what
// is wrong (accepted: ...)` and returns std::nullopt, so one pass finds every
// problem in a file. Nothing is ever silently defaulted on a wrong type: toml++'s
// value_or() would do that, so it is not used here.
//
// Sections
//   limits       counts a TOML file may hold (README.md "Limits")
//   Sink         collects diagnostics for one file (at most kMaxDiagnostics)
//   parse_toml   read (bounded, input.hpp) and parse a file or a string: binary content,
//                syntax errors in plain words, and the count limits, as diagnostics
//   Sink         also keeps the names matched by an alias
//   Section      one TOML table as read: its dotted path in the file and typed getters that
//                report every problem (named so apart from toml::table and a table sketch)
//   read_rules_file  a game's rules-data file read the one way every game's load_data reads it
#pragma once
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

#include "core/diag.hpp"
#include "core/input.hpp"
#include "core/names.hpp"

namespace umpire {

// ---- limits -------------------------------------------------------------------
// A situation has a few dozen values and the largest shipped rules-data file (spi-tank.toml)
// about 840, with at most 20 keys in a table and 21 items in an array. These bounds leave
// house rules ample room and are checked right after parsing, before any per-key work,
// so a file of a million unknown keys is one message, not a million.
constexpr std::size_t kMaxKeysPerTable = 256;
constexpr std::size_t kMaxArrayItems = 1000;
constexpr std::size_t kMaxTomlNodes = 20000;      // every table, array and value in the file
constexpr std::size_t kMaxDiagnostics = 50;       // per file; then one "too many problems" line
// A dotted key or table header (`a.b.c`, `[a.b.c]`) nests one table per part; toml++
// recurses on that nesting and a 1 MiB `a.a.a...` key overflows the stack, so the parts
// are counted in the text before parsing (check_key_parts). The shipped data uses 3.
constexpr std::size_t kMaxKeyParts = 32;
// A choice given by an alias (a common name), so the ruling can say what it took it for:
// key "firer.unit", given "Tiger", name "Pz VI a", rule "17.4" (where the name comes from).
struct NameNote {
    std::string key;
    std::string given;
    std::string name;
    std::string rule;
};

class Sink {
public:
    // `dir`: the folder the files a situation names (its board) are found in; empty: the folder of
    // `file` (the window's display name is a bare file name, so it passes the document's folder).
    explicit Sink(std::string file, std::filesystem::path dir = {}) : file_(std::move(file)), dir_(std::move(dir)) {}
    const std::string& file() const { return file_; }
    std::filesystem::path dir() const { return dir_.empty() ? std::filesystem::path(file_).parent_path() : dir_; }
    void error(const toml::source_region& where, std::string message);
    void error(const toml::node* where, std::string message);
    void error_at(int line, int column, std::string message);
    bool ok() const { return diags_.empty(); }
    const std::vector<Diagnostic>& diagnostics() const { return diags_; }
    void throw_if_errors() const;  // throws InputError when anything was reported
    void absorb(const std::vector<Diagnostic>& more);
    void note_match(NameNote n) { matches_.push_back(std::move(n)); }
    const std::vector<NameNote>& matches() const { return matches_; }
    // A ruling read through this Sink will only be printed (Engine::set_print_only): the game then
    // leaves out what only the window and pictures draw, its typed view and board marks.
    bool print_only() const { return print_only_; }
    void set_print_only(bool on) { print_only_ = on; }

private:
    std::string file_;
    std::filesystem::path dir_;
    bool print_only_ = false;
    std::vector<Diagnostic> diags_;
    std::vector<NameNote> matches_;
};

// Parses TOML text; binary content, a syntax error or a count over the limits above is
// reported as FILE:LINE:COL and InputError thrown. The file is read with read_input_file.
toml::table parse_toml_file(const std::filesystem::path& path, const std::string& display_name,
                            std::size_t limit = kMaxTomlBytes);
toml::table parse_toml_string(std::string_view text, const std::string& display_name,
                              std::size_t limit = kMaxTomlBytes);

// toml++'s description of a syntax error, said plainly ("a string is not closed ...").
// `text` is the document, used to point at the opening quote of an unclosed string;
// `line` and `column` may be moved there.
std::string plain_syntax_message(std::string_view description, std::string_view text, int& line, int& column);

// Throws InputError (one located line) at the first dotted key or table header with more
// than kMaxKeyParts parts. A lexical pass (strings and comments skipped), run before toml++.
void check_key_parts(std::string_view text, const std::string& display_name);
// The byte-by-byte scan check_key_parts runs when a quick look at the text cannot rule a key of
// too many parts out (exposed for the test that the two always agree).
void scan_key_parts(std::string_view text, const std::string& display_name);

// Throws InputError (one located line) when a table has more than kMaxKeysPerTable keys,
// an array more than kMaxArrayItems items, or the document more than kMaxTomlNodes nodes.
void check_counts(const toml::table& doc, const std::string& display_name);

class Section {
public:
    Section(Sink& sink, const toml::table* table, std::string path);

    const toml::table* raw() const { return table_; }
    const std::string& path() const { return path_; }
    Sink& sink() const { return *sink_; }
    bool present() const { return table_ != nullptr; }
    bool has(std::string_view key) const;
    const toml::node* node(std::string_view key) const;
    // "line.range"; a key that is not a bare TOML key is quoted and escaped: line."a\nb".
    std::string key_path(std::string_view key) const;

    // Getters: `required` reports a missing key; otherwise absence returns nullopt.
    std::optional<std::string> str(std::string_view key, bool required = false) const;
    std::optional<std::int64_t> integer(std::string_view key, bool required = false,
                                        std::optional<std::int64_t> min = std::nullopt,
                                        std::optional<std::int64_t> max = std::nullopt,
                                        std::string_view range_hint = {}) const;
    std::optional<double> number(std::string_view key, bool required = false,
                                 std::optional<double> min = std::nullopt,
                                 std::optional<double> max = std::nullopt) const;
    std::optional<bool> boolean(std::string_view key, bool required = false) const;
    // A name from `accepted`, matched with normalize_name(); returns the accepted spelling.
    std::optional<std::string> choice(std::string_view key, const std::vector<std::string>& accepted,
                                      bool required = false) const;
    // A name from `accepted` or one of its aliases (resolve_name: exact names first); returns
    // the entry's own name. An alias match is noted in the Sink; an alias two entries share is
    // reported naming both. `what` names the kind in messages ("unit"), `rule` where the
    // names come from ("17.4").
    std::optional<std::string> choice(std::string_view key, const std::vector<Named>& accepted, bool required,
                                      std::string_view what, std::string_view rule = {}) const;
    std::optional<std::vector<std::string>> string_array(std::string_view key, bool required = false) const;
    // The same as views into the parsed document: valid while it lives (a rules file's readers).
    std::optional<std::vector<std::string_view>> string_views(std::string_view key, bool required = false) const;
    std::optional<std::vector<std::int64_t>> int_array(std::string_view key, bool required = false) const;
    // Each element must be one of `accepted` (normalized match); returns accepted spellings.
    std::optional<std::vector<std::string>> choice_array(std::string_view key,
                                                         const std::vector<std::string>& accepted,
                                                         bool required = false) const;

    // Sub-tables. A missing optional table gives a Section with present() == false,
    // whose getters all report absence (and errors for required keys at the parent).
    Section table(std::string_view key, bool required = false) const;
    // An array of tables (`[[key]]` or an inline array of inline tables).
    std::vector<Section> tables(std::string_view key, bool required = false) const;
    // `f(key, table)` for each key of this table in key order (toml++ keeps them sorted), its value
    // read as a table: a value of another type is reported and skipped (`[choices.ID]`, ...).
    template <class F>
    void each_table(F f) const {
        if (!table_) return;
        for (const auto& [k, v] : *table_) {
            const std::string key(k.str());
            const Section t = table(key, true);
            if (t.present()) f(key, t);
        }
    }

    // Reports every key not in `known` (typos would otherwise be silently ignored).
    void only_keys(const std::vector<std::string>& known) const;
    // The same for a list written in place (`t.only_keys({"range", "cells"})`), without
    // building a vector of strings unless a key is reported.
    void only_keys(std::initializer_list<std::string_view> known) const;

    // Report a problem about `key` (or about the table when key is empty).
    void error(std::string_view key, const std::string& message) const;
    const toml::source_region& where() const;

private:
    Sink* sink_;
    const toml::table* table_;
    std::string path_;
    toml::source_region missing_where_{};
};

// Describes a TOML node's type for messages: "a string", "an integer", ...
std::string describe_type(const toml::node& n);

// For writers: a number in the fewest significant digits that read back as exactly `v` (a whole
// number without an exponent: 40, not 4e+01), and a string as a TOML string with its escapes.
std::string toml_number(double v);
std::string toml_string(const std::string& s);

// ---- read_rules_file ------------------------------------------------------------
// A game's rules-data file read as every game's load_data reads it, written once here: parsed
// (parse_toml_file), its top-level keys checked against `keys`, `fill(d, root)` run on a new
// Data and the root section, then every problem it reported thrown at once as InputError.
template <class Data, class Fill>
Data read_rules_file(const std::filesystem::path& file, std::initializer_list<std::string_view> keys, Fill&& fill) {
    const std::string shown = file.string();
    const toml::table doc = parse_toml_file(file, shown);
    Sink sink(shown);
    const Section root(sink, &doc, "");
    root.only_keys(keys);
    Data d;
    fill(d, root);
    sink.throw_if_errors();
    return d;
}
// The same with the file's parts read in turn by `loaders` (a game's load_game, load_citations, ...).
template <class Data>
Data read_rules_file(const std::filesystem::path& file, std::initializer_list<std::string_view> keys,
                     std::initializer_list<void (*)(Data&, const Section&)> loaders) {
    return read_rules_file<Data>(file, keys, [loaders](Data& d, const Section& root) {
        for (auto* load : loaders) load(d, root);
    });
}

}  // namespace umpire
