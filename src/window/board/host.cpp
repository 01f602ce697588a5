// A panel's board (see host.hpp).
//
// Sections
//   1. load, picker
//   2. view: the typed places and their keys, the board view, after_view
//   3. helpers: unsaved paint set aside, the New board popup
#include "window/board/host.hpp"

#include <algorithm>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "window/ui/widgets.hpp"
#include "board/board_edit.hpp"
#include "core/diag.hpp"

namespace umpire::app {

// =====================================================================================
// 1. load, picker
// =====================================================================================

void BoardHost::load(const view::BoardSupport& support, const std::optional<std::string>& name, const std::filesystem::path& situation_dir) {
    if (!name) {
        if (board_) set_aside("the situation no longer names it");
        painter_.detach();
        board_.reset();
        name_.clear();
        errors_.clear();
        return;
    }
    if (name_ == *name && dir_ == situation_dir.string() && (board_ || !errors_.empty())) return;
    name_ = *name;
    dir_ = situation_dir.string();
    errors_.clear();
    if (board_) set_aside("another board replaced it");
    painter_.detach();
    board_.reset();
    const std::filesystem::path path = support.find_board(*name, situation_dir);
    try {
        board_ = std::make_shared<board::Board>(support.load(path, path.lexically_normal().string()));
        // A shipped board is never written over: Save board asks where to (a name beside the situation).
        bool shipped = false;
        std::error_code ec;
        for (const auto& p : support.shipped_boards()) shipped |= std::filesystem::equivalent(p, path, ec);
        painter_.attach(*board_, shipped ? std::string() : path.string(),
                        shipped ? (situation_dir / (path.stem().string() + "-painted.toml")).string() : std::string());
        painter_.looks = &support;  // the brushes wear the marks the board view draws
        followed_path_ = painter_.path();
        seen_revision_ = painter_.revision();
    } catch (const InputError& e) {
        for (const auto& d : e.diagnostics()) errors_.push_back(d.str());
    }
    ++generation_;
}

bool BoardHost::picker(const view::BoardSupport& support, std::optional<std::string>* name, const std::filesystem::path& situation_dir,
                       const std::string& reads) {
    bool changed = false;
    if (ImGui::Button(*name ? "Change board\xe2\x80\xa6" : "Open board\xe2\x80\xa6")) {
        path_text_ = name->value_or("");
        ImGui::OpenPopup("##open_board");
    }
    ui::tip("Attach a board file (docs/boards.md): " + reads + " are then read from the map, and the board is drawn here to "
            "click units onto.");
    ui::probe("open_board");
    ui::same_line_if_fits(ImGui::CalcTextSize("New board\xe2\x80\xa6").x + ImGui::GetStyle().FramePadding.x * 2);
    changed |= new_board_popup(support.vocabulary(), &new_board_, name, situation_dir, &view_);
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

// =====================================================================================
// 2. view
// =====================================================================================

std::array<std::optional<std::string>, 3> BoardHost::Keys::values() const {
    auto value = [](const std::optional<std::string>* k) { return k ? *k : std::nullopt; };
    return {value(firer), value(target), value(facing)};
}

// The keys are what a file, a typed number or an earlier click left: read the places from them
// (on this board's numbering) when they are not what placed_ was read from or wrote.
void BoardHost::follow_keys(const Keys& keys) {
    const auto values = keys.values();
    if (values == placed_keys_ && placed_generation_ == generation_) return;
    placed_keys_ = values;
    placed_generation_ = generation_;
    placed_ = {};
    if (values[0]) placed_.firer = board_->parse_hex(*values[0]);
    if (values[1]) placed_.target = board_->parse_hex(*values[1]);
    if (values[2])
        for (std::size_t k = 0; k < keys.facing_names.size(); ++k)
            if (keys.facing_names[k] == *values[2]) placed_.facing = int(k);
}

// A click: the keys are written from the places (a place the panel has no key for is dropped).
void BoardHost::write_keys(const Keys& keys) {
    if (!keys.firer) placed_.firer.reset();
    if (!keys.target) placed_.target.reset();
    if (!keys.facing || (placed_.facing && std::size_t(*placed_.facing) >= keys.facing_names.size())) placed_.facing.reset();
    if (keys.firer && placed_.firer) *keys.firer = board_->name(*placed_.firer);
    if (keys.target && placed_.target) *keys.target = board_->name(*placed_.target);
    if (keys.facing && placed_.facing) *keys.facing = keys.facing_names[std::size_t(*placed_.facing)];
    placed_keys_ = keys.values();
}

std::optional<view::Placement> BoardHost::placement(const std::optional<std::string>& name,
                                                    const std::array<std::optional<std::string>, 3>& keys) const {
    if (!held(name) || placed_generation_ != generation_ || keys != placed_keys_) return std::nullopt;
    return placed_;
}

bool BoardHost::view(const view::BoardSupport& support, const std::optional<std::string>& name, const std::string& mode,
                     const toml::table& situation, const std::shared_ptr<const view::BoardMarks>& marks, const Keys& keys) {
    if (!name) return false;
    // Beside the buttons when there is room for a readable column, else under them.
    const std::string shown = *name + (board_ ? " \xc2\xb7 " + board_->title : std::string());
    ui::same_line_if_fits(std::min(ImGui::CalcTextSize(shown.c_str()).x, ImGui::GetFontSize() * 16.0f));
    ui::wrapped(ui::dim_text(), shown);
    ui::probe("board_name");
    // Painted and not saved: said here too, where Rule mode shows no paint toolbar (a word, not only colour).
    if (painter_.unsaved() && view_.tool() != BoardView::Tool::paint) {
        ui::wrapped(ui::referee_call(), "* board painted, not saved (Paint: Save board)");
        ui::probe("board_unsaved");
    }
    if (!board_) {
        ImGui::PushStyleColor(ImGuiCol_Text, ui::bad());
        for (const auto& l : errors_) ImGui::TextWrapped("%s", l.c_str());
        ImGui::PopStyleColor();
        return false;
    }
    // As tall as the side allows, at least 12 lines, at most as tall as wide.
    const float w = ImGui::GetContentRegionAvail().x;
    const float h = std::clamp(ImGui::GetContentRegionAvail().y * 0.6f, ImGui::GetFontSize() * 12.0f, std::max(ImGui::GetFontSize() * 12.0f, w));
    follow_keys(keys);
    Placement place = placed_;
    if (!view_.draw(support, board_, generation_, mode, situation, marks, &place, h, &painter_, board_.get()) || place == placed_) return false;
    placed_ = place;
    write_keys(keys);
    return true;
}

bool BoardHost::after_view(const view::BoardSupport& support, std::optional<std::string>* name, const std::filesystem::path& situation_dir) {
    bool changed = painter_.revision() != seen_revision_;  // a stroke, undo or redo: the App rules the board again
    seen_revision_ = painter_.revision();
    // "Save board as..." wrote the board somewhere else: the situation now names that file
    // (relative to the situation's folder when it is inside it), so a saved situation rules what
    // was painted. Looked at once per save, not every frame.
    if (!board_ || !*name || painter_.path().empty() || painter_.unsaved() || painter_.path() == followed_path_) return changed;
    followed_path_ = painter_.path();
    const std::filesystem::path saved(painter_.path());
    if (std::filesystem::path(support.find_board(name_, situation_dir)).lexically_normal() == saved.lexically_normal()) return changed;
    std::string followed = saved.string();
    if (!situation_dir.empty()) {
        const std::filesystem::path rel = saved.lexically_normal().lexically_relative(situation_dir.lexically_normal());
        if (!rel.empty() && *rel.begin() != "..") followed = rel.string();
    }
    *name = followed;
    name_ = followed;  // the held board is that file now: no reload
    board_->file = saved.string();
    return true;
}

// =====================================================================================
// 3. helpers
// =====================================================================================

// Unsaved paint is never lost: a board about to be dropped with unsaved strokes is handed to the
// App, which keeps it in the state folder as recovered-*.toml and says so (docs/window.md).
void set_aside_paint(const board::Board* b, BoardPainter* painter, const std::string& name, const std::string& why,
                     std::vector<Panel::SetAside>* out) {
    if (!b || !painter->attached() || !painter->unsaved()) return;
    painter->detach();  // the board goes: the painter must not keep pointing at it
    try {
        out->push_back({board::write_board(*b), "unsaved paint on board " + name + " (" + why + ")"});
    } catch (const std::exception& e) {
        out->push_back({"", "unsaved paint on board " + name + " could not be written: " + e.what()});
    }
}

std::vector<Panel::SetAside> BoardHost::take_set_aside(bool closing) {
    if (closing) set_aside("the window closed");
    return std::move(set_aside_);
}

// "New board...": an all-clear board of a chosen size in the game's numbering (rules data), written
// at once beside the situation so the situation can name it; the view then opens in Paint mode.
bool new_board_popup(const board::Vocabulary& v, NewBoardForm* form, std::optional<std::string>* name,
                     const std::filesystem::path& situation_dir, BoardView* view) {
    int& new_columns_ = form->columns;
    int& new_rows_ = form->rows;
    std::string& new_name_ = form->name;
    std::string& new_error_ = form->error;
    if (ImGui::Button("New board\xe2\x80\xa6")) {
        if (new_columns_ == 0) new_columns_ = 12, new_rows_ = 10;
        if (new_name_.empty()) new_name_ = "my-board.toml";
        new_error_.clear();
        ImGui::OpenPopup("##new_board");
    }
    ui::tip("Start a board of your own: every hex clear, numbered as the game numbers its map (" + v.numbering.describe() +
            "). It is written at once beside the situation; then paint it.");
    ui::probe("new_board");
    if (!ImGui::BeginPopup("##new_board")) return false;
    bool changed = false;
    const float em = ImGui::GetFontSize();
    auto limit = [](int digits) { int m = 1; for (int i = 0; i < digits; ++i) m *= 10; return std::min(999, m - 1); };
    const int max_c = limit(v.numbering.column_digits), max_r = limit(v.numbering.row_digits);
    ImGui::TextUnformatted("Columns");
    ImGui::SameLine(em * 5);
    ImGui::SetNextItemWidth(em * 7);
    ImGui::InputInt("##new_columns", &new_columns_);
    ImGui::SameLine();
    ImGui::TextUnformatted("Rows");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(em * 7);
    ImGui::InputInt("##new_rows", &new_rows_);
    new_columns_ = std::clamp(new_columns_, 1, max_c), new_rows_ = std::clamp(new_rows_, 1, max_r);
    ImGui::TextUnformatted("File");
    ImGui::SameLine(em * 5);
    ImGui::SetNextItemWidth(em * 18);
    const bool enter = ImGui::InputText("##new_name", &new_name_, ImGuiInputTextFlags_EnterReturnsTrue);
    ui::probe("new_board_name");
    ImGui::TextDisabled("numbering %s; beside the situation%s", v.numbering.describe().c_str(),
                        situation_dir.empty() ? " (untitled: the current folder)" : "");
    if (ImGui::Button("Create", ImVec2(em * 6, 0)) || enter) {
        const std::filesystem::path path = situation_dir / new_name_;
        std::error_code ec;
        if (new_name_.empty()) {
            new_error_ = "give the board a file name";
        } else if (std::filesystem::exists(path, ec)) {
            new_error_ = path.string() + " already exists: choose another name, or use Open board";
        } else {
            board::Board b = new_board(v, new_columns_, new_rows_);
            b.file = path.string();
            if (auto err = board::save_board(b, path)) {
                new_error_ = "The board was not created: " + *err;
            } else {
                *name = new_name_;
                changed = true;
                view->set_tool(BoardView::Tool::paint);
                ImGui::CloseCurrentPopup();
            }
        }
    }
    ui::probe("new_board_create");
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(em * 6, 0))) ImGui::CloseCurrentPopup();
    if (!new_error_.empty()) ui::wrapped(ui::bad(), "\xe2\x9c\x96 " + new_error_);
    ImGui::EndPopup();
    return changed;
}

}  // namespace umpire::app
