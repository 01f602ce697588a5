// BoardFormPanel: a FormPanel of a game played on hex boards (TANK!, PanzerBlitz, Panzer Squadron).
// The board its situation's `board` key names is held by a BoardHost (loading, painting, Save as,
// unsaved paint set aside), and what every such panel tells the App about it is written here once:
// the held board and its revision, the paint set aside, the map's notes ("On the map") and key,
// the board section with the units' list (draw_board_inputs) and the map itself (draw_board_map).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <imgui.h>

#include "window/board/host.hpp"
#include "window/panels/form.hpp"
#include "window/ui/widgets.hpp"

namespace umpire::app {

template <class S>
class BoardFormPanel : public FormPanel<S> {
public:
    // `board`: the inputs' field holding the situation's `board` (the file name, or none).
    BoardFormPanel(const Engine& e, std::string id, Form<S> form, std::vector<std::string> key_order, std::optional<std::string> S::*board)
        : FormPanel<S>(e, std::move(id), std::move(form), std::move(key_order)), board_(board) {}

    // The board drawn, which may hold what the file does not yet: the window rules against it.
    const board::Board* held_board() const override { return host_.held(this->s_.*board_); }
    std::uint64_t held_board_revision() const override { return host_.revision(); }
    std::vector<Panel::SetAside> take_set_aside(bool closing) override { return host_.take_set_aside(closing); }
    // The Picture tool's points and residuals, or its examples (picture_tool.hpp).
    bool draw_tool_notes() override {
        if (!held_board() || host_.view().tool() != BoardView::Tool::picture) return false;
        ui::section("The picture");
        host_.picture_notes();
        return true;
    }

protected:
    void draw_map_notes(PanelContext& ctx) override {
        if (!this->has_map()) return;
        ui::section("On the map");
        host_.notes(ctx.board_marks());
    }
    void draw_map_key(PanelContext& ctx) override {
        if (this->has_map() && ImGui::CollapsingHeader("Map key", ImGuiTreeNodeFlags_DefaultOpen)) host_.key(ctx.board_marks());
    }
    const view::BoardSupport* support() const { return this->sys_.board_support(); }

    // The board section (Open board… / New board…; with one, its title, file and folder) and, once a
    // board is open, its units' list (from the frame after a board is picked). `none`, `reads`:
    // BoardHost::inputs_section's (nullptr: its default).
    bool draw_board_inputs(PanelContext& ctx, const std::string& none, const char* reads = nullptr) {
        if (!support()) return false;
        std::optional<std::string>* board = &(this->s_.*board_);
        const bool open = board->has_value();
        bool changed = reads ? host_.inputs_section(ctx.engine, *support(), board, ctx.situation_dir, none, reads)
                             : host_.inputs_section(ctx.engine, *support(), board, ctx.situation_dir, none);
        if (open) changed |= draw_counter_inputs(this->counters_, "firer", "target");
        return changed;
    }
    // The map: the board view filling the map area with the units on the board; a click writes
    // `keys` (BoardHost::Keys), or picks a counter for `roles`. `mode`: the view's overlay mode.
    bool draw_board_map(PanelContext& ctx, const std::string& mode, BoardHost::Keys keys, const BoardView::Roles& roles = {}) {
        if (!support() || !ctx.map) return false;
        host_.load(ctx.engine, *support(), this->s_.*board_, ctx.situation_dir);
        host_.show_counters(&this->counters_, roles);
        const bool changed = host_.map(*support(), &(this->s_.*board_), ctx.situation_dir, mode, this->table_of(this->written()),
                                       ctx.board_marks(), std::move(keys), roles, *ctx.map);
        return this->take_counter_pick(host_, roles.first, roles.second) || changed;
    }

    BoardHost host_;

private:
    std::optional<std::string> S::*board_;
};

}  // namespace umpire::app
