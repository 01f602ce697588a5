// The panel registry and the generic ruling layout (see panel.hpp).
#include "app/panel.hpp"

#include "app/widgets.hpp"

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

void draw_generic_ruling(PanelContext&, const Ruling& r, const std::string& system_title) {
    ui::verdict_banner(r);
    if (r.referee_call) {
        ImGui::Spacing();
        ui::referee_call_box(r.referee_reasons);
    }
    ui::section("Figures");
    ui::figure_table("##figures", r.figures);
    ui::section("Why");
    ui::explanation(r.explanation, system_title.c_str());
}

}  // namespace umpire::app
