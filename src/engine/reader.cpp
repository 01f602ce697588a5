// Typed, validating access to TOML tables (see reader.hpp).
//
// Sections
//   Diagnostic, InputError   one FILE:LINE:COL problem; the exception carrying them all
//   Sink                     collects a file's diagnostics; throw_if_errors
//   parsing                  parse_toml_string / parse_toml_file: syntax, folder and read
//                            errors as diagnostics
//   Table                    typed getters (str, integer, number, boolean, choice, arrays,
//                            table, tables) and only_keys (unknown keys are reported);
//                            choice with aliases notes what an alias matched in the Sink
#include "engine/reader.hpp"

#include <fstream>
#include <sstream>

#include "engine/names.hpp"

namespace umpire {

std::string Diagnostic::str() const {
    return file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + message;
}

static std::string join_messages(const std::vector<Diagnostic>& d) {
    std::string out;
    for (const auto& x : d) {
        if (!out.empty()) out += "\n";
        out += x.str();
    }
    return out;
}

InputError::InputError(std::vector<Diagnostic> diags)
    : std::runtime_error(join_messages(diags)), diags_(std::move(diags)) {}

// ---- Sink ------------------------------------------------------------------

void Sink::error_at(int line, int column, std::string message) {
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

void Sink::absorb(const std::vector<Diagnostic>& more) { diags_.insert(diags_.end(), more.begin(), more.end()); }

// ---- parsing ---------------------------------------------------------------

toml::table parse_toml_string(std::string_view text, const std::string& display_name) {
    try {
        return toml::parse(text, display_name);
    } catch (const toml::parse_error& e) {
        Sink s(display_name);
        s.error(e.source(), "TOML syntax error: " + std::string(e.description()));
        s.throw_if_errors();
    }
    return {};
}

toml::table parse_toml_file(const std::filesystem::path& path, const std::string& display_name) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        Sink s(display_name);
        s.error_at(1, 1, "is a folder, not a TOML file");
        s.throw_if_errors();
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        Sink s(display_name);
        s.error_at(1, 1, "cannot open file");
        s.throw_if_errors();
    }
    std::stringstream ss;
    ss << in.rdbuf();
    if (in.bad()) {
        Sink s(display_name);
        s.error_at(1, 1, "cannot read file");
        s.throw_if_errors();
    }
    return parse_toml_string(ss.str(), display_name);
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

Table::Table(Sink& sink, const toml::table* table, std::string path)
    : sink_(&sink), table_(table), path_(std::move(path)) {}

const toml::source_region& Table::where() const {
    return table_ ? table_->source() : missing_where_;
}

bool Table::has(std::string_view key) const { return table_ && table_->contains(key); }

const toml::node* Table::node(std::string_view key) const { return table_ ? table_->get(key) : nullptr; }

std::string Table::key_path(std::string_view key) const {
    if (path_.empty()) return std::string(key);
    if (key.empty()) return path_;
    return path_ + "." + std::string(key);
}

void Table::error(std::string_view key, const std::string& message) const {
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

static bool report_missing(const Table& t, std::string_view key, bool required, const std::string& what) {
    if (required) t.error(key, "missing required key (expected " + what + ")");
    return false;
}

std::optional<std::string> Table::str(std::string_view key, bool required) const {
    const toml::node* n = node(key);
    if (!n) { report_missing(*this, key, required, "a string"); return std::nullopt; }
    if (auto v = n->value<std::string>(); v && n->is_string()) return *v;
    error(key, "expected a string, found " + describe_type(*n));
    return std::nullopt;
}

std::optional<std::int64_t> Table::integer(std::string_view key, bool required, std::optional<std::int64_t> min,
                                           std::optional<std::int64_t> max, std::string_view range_hint) const {
    const toml::node* n = node(key);
    auto range_text = [&]() -> std::string {
        if (!range_hint.empty()) return std::string(range_hint);
        if (min && max) return std::to_string(*min) + ".." + std::to_string(*max);
        if (min) return std::to_string(*min) + " or more";
        if (max) return std::to_string(*max) + " or less";
        return "any integer";
    };
    if (!n) { report_missing(*this, key, required, "an integer, " + range_text()); return std::nullopt; }
    if (!n->is_integer()) {
        error(key, "expected an integer (" + range_text() + "), found " + describe_type(*n));
        return std::nullopt;
    }
    const std::int64_t v = n->as_integer()->get();
    if ((min && v < *min) || (max && v > *max)) {
        error(key, std::to_string(v) + " is out of range (accepted: " + range_text() + ")");
        return std::nullopt;
    }
    return v;
}

std::optional<double> Table::number(std::string_view key, bool required, std::optional<double> min,
                                    std::optional<double> max) const {
    const toml::node* n = node(key);
    if (!n) { report_missing(*this, key, required, "a number"); return std::nullopt; }
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

std::optional<bool> Table::boolean(std::string_view key, bool required) const {
    const toml::node* n = node(key);
    if (!n) { report_missing(*this, key, required, "true or false"); return std::nullopt; }
    if (!n->is_boolean()) {
        error(key, "expected true or false, found " + describe_type(*n));
        return std::nullopt;
    }
    return n->as_boolean()->get();
}

std::optional<std::string> Table::choice(std::string_view key, const std::vector<std::string>& accepted,
                                         bool required) const {
    const toml::node* n = node(key);
    if (!n) { report_missing(*this, key, required, "one of " + join_names(accepted)); return std::nullopt; }
    if (!n->is_string()) {
        error(key, "expected a name, one of " + join_names(accepted) + "; found " + describe_type(*n));
        return std::nullopt;
    }
    const std::string given = n->as_string()->get();
    if (auto i = match_name(given, accepted)) return accepted[*i];
    error(key, "unknown name \"" + given + "\" (accepted: " + accepted_names(accepted) + ")");
    return std::nullopt;
}

std::optional<std::string> Table::choice(std::string_view key, const std::vector<Named>& accepted, bool required,
                                         std::string_view what, std::string_view rule) const {
    const std::vector<std::string> names = names_of(accepted);
    const toml::node* n = node(key);
    if (!n) { report_missing(*this, key, required, "one of " + join_names(names)); return std::nullopt; }
    if (!n->is_string()) {
        error(key, "expected a name, one of " + join_names(names) + "; found " + describe_type(*n));
        return std::nullopt;
    }
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
        error(key, "\"" + given + "\" names more than one " + std::string(what) + ": " + join_names(both, " and ") +
                       " (give the one meant by its own name)");
        return std::nullopt;
    }
    error(key, "unknown " + std::string(what) + " \"" + given + "\" (accepted: " + accepted_names(names) + ")");
    return std::nullopt;
}

// Reads an array whose elements must all be of one TOML type.
template <class T>
static std::optional<std::vector<T>> typed_array(const Table& t, std::string_view key, bool required,
                                                 const char* what, bool (toml::node::*is)() const noexcept) {
    const toml::node* n = t.node(key);
    if (!n) { report_missing(t, key, required, std::string("an array of ") + what + "s"); return std::nullopt; }
    if (!n->is_array()) { t.error(key, std::string("expected an array of ") + what + "s, found " + describe_type(*n)); return std::nullopt; }
    std::vector<T> out;
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

std::optional<std::vector<std::string>> Table::string_array(std::string_view key, bool required) const {
    return typed_array<std::string>(*this, key, required, "string", &toml::node::is_string);
}

std::optional<std::vector<std::int64_t>> Table::int_array(std::string_view key, bool required) const {
    return typed_array<std::int64_t>(*this, key, required, "integer", &toml::node::is_integer);
}

std::optional<std::vector<std::string>> Table::choice_array(std::string_view key,
                                                            const std::vector<std::string>& accepted,
                                                            bool required) const {
    const toml::node* n = node(key);
    if (!n) { report_missing(*this, key, required, "an array of names from " + join_names(accepted)); return std::nullopt; }
    if (!n->is_array()) {
        error(key, "expected an array of names (accepted: " + join_names(accepted) + "), found " + describe_type(*n));
        return std::nullopt;
    }
    std::vector<std::string> out;
    bool ok = true;
    std::size_t i = 0;
    for (const auto& el : *n->as_array()) {
        const std::string where = key_path(key) + "[" + std::to_string(i) + "]";
        if (!el.is_string()) {
            sink_->error(&el, where + ": expected a name, found " + describe_type(el));
            ok = false;
        } else if (auto m = match_name(el.as_string()->get(), accepted)) {
            out.push_back(accepted[*m]);
        } else {
            sink_->error(&el, where + ": unknown name \"" + el.as_string()->get() + "\" (accepted: " +
                                  accepted_names(accepted) + ")");
            ok = false;
        }
        ++i;
    }
    if (!ok) return std::nullopt;
    return out;
}

Table Table::table(std::string_view key, bool required) const {
    const toml::node* n = node(key);
    if (!n) {
        report_missing(*this, key, required, "a table");
        Table t(*sink_, nullptr, key_path(key));
        t.missing_where_ = where();
        return t;
    }
    if (!n->is_table()) {
        error(key, "expected a table, found " + describe_type(*n));
        Table t(*sink_, nullptr, key_path(key));
        t.missing_where_ = n->source();
        return t;
    }
    return Table(*sink_, n->as_table(), key_path(key));
}

std::vector<Table> Table::tables(std::string_view key, bool required) const {
    std::vector<Table> out;
    const toml::node* n = node(key);
    if (!n) { report_missing(*this, key, required, "an array of tables"); return out; }
    if (!n->is_array()) { error(key, "expected an array of tables, found " + describe_type(*n)); return out; }
    std::size_t i = 0;
    for (const auto& el : *n->as_array()) {
        const std::string p = key_path(key) + "[" + std::to_string(i) + "]";
        if (!el.is_table()) sink_->error(&el, p + ": expected a table, found " + describe_type(el));
        else out.emplace_back(*sink_, el.as_table(), p);
        ++i;
    }
    return out;
}

void Table::only_keys(const std::vector<std::string>& known) const {
    if (!table_) return;
    for (const auto& [k, v] : *table_) {
        bool found = false;
        for (const auto& name : known)
            if (k.str() == name) { found = true; break; }
        if (!found)
            sink_->error(&v, key_path(k.str()) + ": unknown key (accepted keys here: " + join_names(known, ", ") + ")");
    }
}

}  // namespace umpire
