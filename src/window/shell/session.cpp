// The remembered session (see session.hpp).
//
// Sections
//   1. parse_session: each key checked, defaults with a note
//   2. session_text
#include "window/shell/session.hpp"

#include <cmath>
#include <cstdio>
#include <optional>

#include <toml++/toml.h>

#include "window/shell/files.hpp"
#include "core/toml_reader.hpp"

namespace umpire::app {

namespace fs = std::filesystem;

// =====================================================================================
// 1. parse_session
// =====================================================================================

namespace {

std::string number_text(double x) {
    char b[32];
    std::snprintf(b, sizeof b, "%g", x);
    return b;
}

// A number key in [lo, hi]; otherwise nothing, with a note when the key is present.
std::optional<double> number_in(const toml::table& t, const char* key, double lo, double hi, const std::string& name,
                                std::vector<std::string>* notes) {
    const toml::node* n = t.get(key);
    if (!n) return std::nullopt;
    std::optional<double> v;
    if (const auto* f = n->as_floating_point()) v = f->get();
    else if (const auto* i = n->as_integer()) v = double(i->get());
    if (v && std::isfinite(*v) && *v >= lo && *v <= hi) return v;
    const auto& at = n->source().begin;
    notes->push_back(name + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + key +
                     " is not a number from " + number_text(lo) + " to " + number_text(hi) + "; using the default");
    return std::nullopt;
}

// A true/false key; otherwise nothing, with a note when the key is present.
std::optional<bool> bool_at(const toml::table& t, const char* key, const std::string& name, std::vector<std::string>* notes) {
    const toml::node* n = t.get(key);
    if (!n) return std::nullopt;
    if (const auto* b = n->as_boolean()) return b->get();
    const auto& at = n->source().begin;
    notes->push_back(name + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + key +
                     " is not true or false; using the default");
    return std::nullopt;
}

std::optional<std::string> string_at(const toml::node* n) {
    if (const auto* s = n ? n->as_string() : nullptr) return s->get();
    return std::nullopt;
}

void read_files(const toml::table& t, Session& s) {
    // Older sessions had one `file`, for the game shown.
    if (auto f = string_at(t.get("file")); f && !f->empty()) s.files[s.system] = *f;
    if (const toml::table* files = t["files"].as_table())
        for (const auto& [k, v] : *files)
            if (auto f = string_at(&v); f && !f->empty()) s.files[std::string(k.str())] = *f;
}

}  // namespace

Session parse_session(const std::string& text, const std::string& name, std::vector<std::string>* notes) {
    Session s;
    toml::table t;
    try {
        t = parse_toml_string(text, name);
    } catch (const InputError& e) {
        notes->push_back(e.diagnostics().front().str() + " (the remembered session was not used)");
        return s;
    }
    if (auto v = string_at(t.get("system")); v && !v->empty()) s.system = *v;
    read_files(t, s);
    if (auto v = number_in(t, "scale", kScaleMin, kScaleMax, name, notes)) s.scale = float(*v);
    if (auto v = number_in(t, "width", kSizeMin[0], kSizeMax, name, notes)) s.width = int(*v);
    if (auto v = number_in(t, "height", kSizeMin[1], kSizeMax, name, notes)) s.height = int(*v);
    if (auto v = number_in(t, "split", kSplitMin, kSplitMax, name, notes)) s.split = float(*v);
    if (auto v = number_in(t, "side", kSideMin, kSideMax, name, notes)) s.side = float(*v);
    if (auto v = bool_at(t, "side_collapsed", name, notes)) s.side_collapsed = *v;
    if (const toml::array* a = t["recent"].as_array())
        for (const auto& e : *a)
            if (auto p = string_at(&e); p && !p->empty()) s.recent.emplace_back(*p);
    return s;
}

// =====================================================================================
// 2. session_text
// =====================================================================================

std::string session_text(const Session& s) {
    toml::table t;
    t.insert("system", s.system);
    const auto shown = s.files.find(s.system);
    t.insert("file", shown == s.files.end() ? std::string() : shown->second.string());  // for older versions
    t.insert("scale", double(s.scale > 0 ? s.scale : 1.0f));
    t.insert("width", s.width);
    t.insert("height", s.height);
    t.insert("split", std::round(double(s.split) * 1000.0) / 1000.0);
    t.insert("side", std::round(double(s.side) * 1000.0) / 1000.0);
    t.insert("side_collapsed", s.side_collapsed);
    toml::array r;
    for (const auto& p : s.recent) r.push_back(p.string());
    t.insert("recent", std::move(r));
    toml::table files;
    for (const auto& [game, p] : s.files)
        if (!p.empty()) files.insert(game, p.string());
    t.insert("files", std::move(files));
    return "# Umpire window session (written by umpire; safe to delete)\n" +
           format_situation(t, {"system", "file", "scale", "width", "height", "split", "side", "side_collapsed", "recent", "files"});
}

}  // namespace umpire::app
