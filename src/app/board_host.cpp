// A panel's board (see board_host.hpp).
#include "app/board_host.hpp"

#include <algorithm>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/widgets.hpp"
#include "engine/diag.hpp"

namespace umpire::app {

void BoardHost::load(const view::BoardSupport& support, const std::optional<std::string>& name, const std::filesystem::path& situation_dir) {
    if (!name) {
        board_.reset();
        name_.clear();
        errors_.clear();
        return;
    }
    if (name_ == *name && dir_ == situation_dir.string() && (board_ || !errors_.empty())) return;
    name_ = *name;
    dir_ = situation_dir.string();
    errors_.clear();
    board_.reset();
    const std::filesystem::path path = support.find_board(*name, situation_dir);
    try {
        board_ = std::make_shared<const board::Board>(support.load(path, path.lexically_normal().string()));
    } catch (const InputError& e) {
        for (const auto& d : e.diagnostics()) errors_.push_back(d.str());
    }
    ++generation_;
}

bool BoardHost::picker(const view::BoardSupport& support, std::optional<std::string>* name, const std::filesystem::path& situation_dir) const {
    bool changed = false;
    if (ImGui::Button(*name ? "Change board\xe2\x80\xa6" : "Open board\xe2\x80\xa6")) {
        path_text_ = name->value_or("");
        ImGui::OpenPopup("##open_board");
    }
    ui::tip("Attach a board file (docs/boards.md): the hexes the line meets are then read from the map, and the board "
            "is drawn here to click units onto.");
    ui::probe("open_board");
    if (ImGui::BeginPopup("##open_board")) {
        ImGui::TextUnformatted("Shipped boards (sample terrain):");
        for (const auto& p : support.shipped_boards()) {
            const std::string file = p.filename().string();
            if (ImGui::Selectable(file.c_str(), *name && **name == file)) {
                *name = file;
                changed = true;
                ImGui::CloseCurrentPopup();
            }
            ui::probe(("board_file_" + file).c_str());
        }
        ImGui::Separator();
        ImGui::TextUnformatted("A board file (beside the situation, or a full path):");
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 22.0f);
        const bool enter = ImGui::InputTextWithHint("##board_path", "my-map.toml", &path_text_, ImGuiInputTextFlags_EnterReturnsTrue);
        ImGui::SameLine();
        if ((ImGui::Button("Use") || enter) && !path_text_.empty()) {
            *name = path_text_;
            changed = true;
            ImGui::CloseCurrentPopup();
        }
        if (!situation_dir.empty()) ImGui::TextDisabled("situation folder: %s", situation_dir.string().c_str());
        if (*name && ImGui::Button("No board")) {
            name->reset();
            changed = true;
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }
    return changed;
}

bool BoardHost::view(const view::BoardSupport& support, const std::optional<std::string>& name, const std::string& mode,
                     const toml::table& situation, Placement* place) {
    if (!name) return false;
    ImGui::SameLine();
    ui::wrapped(ui::dim_text(), *name + (board_ ? " \xc2\xb7 " + board_->title : std::string()));
    ui::probe("board_name");
    if (!board_) {
        ImGui::PushStyleColor(ImGuiCol_Text, ui::bad());
        for (const auto& l : errors_) ImGui::TextWrapped("%s", l.c_str());
        ImGui::PopStyleColor();
        return false;
    }
    // As tall as the side allows, at least 12 lines, at most as tall as wide.
    const float w = ImGui::GetContentRegionAvail().x;
    const float h = std::clamp(ImGui::GetContentRegionAvail().y * 0.6f, ImGui::GetFontSize() * 12.0f, std::max(ImGui::GetFontSize() * 12.0f, w));
    return view_.draw(support, board_, generation_, mode, situation, place, h);
}

}  // namespace umpire::app
