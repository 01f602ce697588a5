// The load/save glue every panel shares (see form.hpp): dotted key paths in a TOML table, and a
// situation read through the game's canonical form.
#include "window/panels/form.hpp"

namespace umpire::app {

namespace {
std::vector<std::string> split_path(const std::string& path) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t dot; (dot = path.find('.', start)) != std::string::npos; start = dot + 1)
        parts.push_back(path.substr(start, dot - start));
    parts.push_back(path.substr(start));
    return parts;
}
}  // namespace

const toml::node* node_at(const toml::table& t, const std::string& path) {
    const toml::table* cur = &t;
    const auto parts = split_path(path);
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
        const toml::node* n = cur->get(parts[i]);
        if (!n || !n->is_table()) return nullptr;
        cur = n->as_table();
    }
    return cur->get(parts.back());
}

toml::table& parent_for(toml::table& t, const std::string& path, std::string* key) {
    toml::table* cur = &t;
    const auto parts = split_path(path);
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
        toml::node* n = cur->get(parts[i]);
        if (!n || !n->is_table()) n = &cur->insert_or_assign(parts[i], toml::table{}).first->second;
        cur = n->as_table();
    }
    *key = parts.back();
    return *cur;
}

std::vector<std::string> strings_of(const toml::node* n) {
    std::vector<std::string> out;
    if (!n) return out;
    if (n->is_string()) out.push_back(n->as_string()->get());
    if (n->is_array())
        for (const auto& x : *n->as_array())
            if (x.is_string()) out.push_back(x.as_string()->get());
    return out;
}

toml::table canonical_or_raw(const GameSystem& sys, toml::table raw) {
    Sink sink("(panel)");
    const Section root(sink, &raw, "");
    std::optional<toml::table> c = canonical_of(sys, root);
    toml::table t = c ? std::move(*c) : std::move(raw);
    t.erase("title");  // the App keeps the common keys
    t.erase("notes");
    return t;
}

std::optional<toml::table> canonical_of(const GameSystem& sys, const Section& root) {
    const std::size_t before = root.sink().diagnostics().size();
    std::optional<toml::table> t;
    try {
        t = sys.canonical(root);
    } catch (const InputError&) {
        // A situation the game cannot read here (a board file named relative to a folder the
        // panel does not know): the caller keeps the table as written; the App's ruling says why.
        return std::nullopt;
    }
    if (root.sink().diagnostics().size() != before) return std::nullopt;
    return t;
}

}  // namespace umpire::app
