// The panel registry and the generic ruling layout (see panel.hpp); the shared load/save glue
// is in form.cpp.
#include "window/panels/panel.hpp"

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

}  // namespace umpire::app
