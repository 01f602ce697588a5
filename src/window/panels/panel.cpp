// The panel registry, the generic ruling layout (see panel.hpp) and the shared load/save glue
// (see panel_form.hpp).
#include "window/panels/panel.hpp"

#include "window/panels/form.hpp"
#include "window/ui/widgets.hpp"

namespace umpire::app {

std::vector<PanelRegistration>& panel_registry() {
    static std::vector<PanelRegistration> r;
    return r;
}

const PanelRegistration* find_panel(const std::string& system_id) {
    for (const auto& p : panel_registry())
        if (p.system_id == system_id) return &p;
    return nullptr;
}

void Panel::draw_ruling(PanelContext& ctx, const Ruling& r) {
    const GameSystem* g = ctx.engine.find(system_id());
    draw_generic_ruling(ctx, r, g ? g->title() : system_id());
}

// The verdict itself is pinned above the scrolling ruling by the App (app_frame.cpp), with the
// referee's call and its first reasons in it; the box here lists them all when the banner could not.
void draw_ruling_head(const Ruling& r, bool spaced_call) {
    if (r.referee_call && ui::reasons_in_banner() < r.referee_reasons.size()) {
        if (spaced_call) ImGui::Spacing();
        ui::referee_call_box(r.referee_reasons);
    }
}

void draw_ruling_tail(const Ruling& r, const std::string& system_title) {
    ui::section("Figures");
    ui::figure_table("##figures", r.figures);
    ui::section("Why");
    ui::explanation(r.explanation, system_title.c_str());
}

void draw_generic_ruling(PanelContext&, const Ruling& r, const std::string& system_title) {
    draw_ruling_head(r, true);
    draw_ruling_tail(r, system_title);
}

// ---- the load/save glue (panel_form.hpp) ----

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
