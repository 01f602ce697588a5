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

void BoardHost::load(const Engine& engine, const view::BoardSupport& support, const std::optional<std::string>& name,
                     const std::filesystem::path& situation_dir) {
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
        board_ = std::make_shared<board::Board>(engine.open_board(path, path.lexically_normal().string(), &support).board);
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

// The "Open board" popup: the game's shipped boards by their titles (the file and folder beside
// each), a file typed beside the situation or a full path, or no board. True when *name changed.
bool BoardHost::open_board_popup(const view::BoardSupport& support, std::optional<std::string>* name,
                                 const std::filesystem::path& situation_dir) {
    if (!ImGui::BeginPopup("##open_board")) return false;
    bool changed = false;
    if (shipped_.empty())
        for (const auto& p : support.shipped_boards()) {
            std::string title;
            try {
                title = support.load(p, p.filename().string()).title;
            } catch (const InputError&) {
                // Listed by its file name: `umpire-cli board check` says what is wrong with it.
            }
            shipped_.push_back({p, title});
        }
    ImGui::TextUnformatted("Shipped boards (sample terrain):");
    for (const auto& b : shipped_) {
        const std::string file = b.path.filename().string();
        const std::string label = (b.title.empty() ? file : b.title) + "##" + file;
        if (ImGui::Selectable(label.c_str(), *name && **name == file)) {
            *name = file;
            changed = true;
            ImGui::CloseCurrentPopup();
        }
        ui::tip(b.path.string());
        ui::probe(("board_file_" + file).c_str());
        ImGui::SameLine();
        ImGui::TextDisabled("%s in %s", file.c_str(), b.path.parent_path().filename().string().c_str());
    }
    ImGui::Separator();
    ImGui::TextUnformatted("A board file (beside the situation, or a full path):");
    ImGui::SetNextItemWidth(std::min(ImGui::GetFontSize() * 22.0f, ImGui::GetMainViewport()->WorkSize.x * 0.6f));
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
    return changed;
}

bool BoardHost::picker(const view::BoardSupport& support, std::optional<std::string>* name, const std::filesystem::path& situation_dir,
                       const std::string& reads) {
    bool changed = false;
    if (ImGui::Button(*name ? "Change board\xe2\x80\xa6" : "Open board\xe2\x80\xa6")) {
        path_text_ = name->value_or("");
        ImGui::OpenPopup("##open_board");
    }
    ui::tip("Attach a board file (docs/boards.md): " + reads + " are then read from the map, and the board fills the window "
            "to click units onto.");
    ui::probe("open_board");
    ui::same_line_if_fits(ImGui::CalcTextSize("New board\xe2\x80\xa6").x + ImGui::GetStyle().FramePadding.x * 2);
    changed |= new_board_popup(support.vocabulary(), &new_board_, name, situation_dir, &view_);
    ui::same_line_if_fits(ImGui::CalcTextSize("New board from a picture\xe2\x80\xa6").x + ImGui::GetStyle().FramePadding.x * 2);
    changed |= picture_board_popup(support.vocabulary(), &picture_board_, name, situation_dir, &view_);
    changed |= open_board_popup(support, name, situation_dir);
    return changed;
}

bool BoardHost::board_menu(const view::BoardSupport& support, std::optional<std::string>* name, const std::filesystem::path& situation_dir,
                           MapArea& area) {
    bool changed = false;
    bool open_board = false, new_board = false, picture_board = false;
    if (ImGui::Button("Board \xe2\x96\xbe")) ImGui::OpenPopup("##board_menu");
    ui::tip("The board: change it, start a new one, take it off; the picture of the ruling.");
    ui::probe("board_menu");
    if (ImGui::BeginPopup("##board_menu")) {
        if (board_) ImGui::TextDisabled("%s", board_->title.c_str());
        if (ImGui::MenuItem("Change board\xe2\x80\xa6")) open_board = true;
        ui::probe("open_board");
        if (ImGui::MenuItem("New board\xe2\x80\xa6")) new_board = true;
        ui::probe("new_board");
        if (ImGui::MenuItem("New board from a picture\xe2\x80\xa6")) picture_board = true;
        ui::tip("A board from a scan or photo of your printed map: calibrate by clicks, show examples, Umpire suggests the terrain.");
        ui::probe("picture_board");
        if (ImGui::MenuItem("No board")) name->reset(), changed = true;
        ui::tip("Take the board off: the line is then described by hand in the situation.");
        picture_opacity();
        ImGui::Separator();
        picture_menu_items(area);
        ImGui::EndPopup();
    }
    if (open_board) {
        path_text_ = name->value_or("");
        ImGui::OpenPopup("##open_board");
    }
    changed |= new_board_popup(support.vocabulary(), &new_board_, name, situation_dir, &view_, new_board);
    changed |= picture_board_popup(support.vocabulary(), &picture_board_, name, situation_dir, &view_, picture_board);
    changed |= open_board_popup(support, name, situation_dir);
    return changed;
}

// The board's picture ([underlay], docs/maps.md): how opaque it is drawn under the hexes, 0 to
// 100%. Kept in the board's [underlay] too, so a Save board keeps it.
void BoardHost::picture_opacity() {
    UnderlayLayer& u = view_.underlay();
    if (!board_ || !board_->underlay) return;
    ImGui::Separator();
    ImGui::TextUnformatted("Picture under the hexes");
    float percent = u.opacity() * 100.0f;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
    if (ImGui::SliderFloat("Opacity", &percent, 0.0f, 100.0f, "%.0f%%", ImGuiSliderFlags_AlwaysClamp)) {
        u.set_opacity(percent / 100.0f);
        board_->underlay->opacity = double(u.opacity());
    }
    ui::tip("How strongly the picture shows under the hexes: 0% hides it, 100% shows it with the hexes' colours gone "
            "(their symbols, numbers and hatching stay).");
    ui::probe("picture_opacity");
    if (!u.problem().empty()) ui::wrapped(ui::bad(), "\xe2\x9c\x96 " + u.problem());
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

bool BoardHost::map(const view::BoardSupport& support, std::optional<std::string>* name, const std::filesystem::path& situation_dir,
                    const std::string& mode, const toml::table& situation, const std::shared_ptr<const view::BoardMarks>& marks,
                    const Keys& keys, const BoardView::Roles& roles, MapArea& area) {
    bool changed = false;
    const auto menu = [&] { changed |= board_menu(support, name, situation_dir, area); };
    if (!board_) {  // the board file's problems, in place of the board, with the menu to pick another
        menu();
        ui::wrapped(ui::bad(), "\xe2\x9c\x96 The board " + name->value_or("") + " cannot be used:");
        ImGui::PushStyleColor(ImGuiCol_Text, ui::bad());
        for (const auto& l : errors_) ui::text(l);
        ImGui::PopStyleColor();
        ui::probe("board_errors");
        return changed;
    }
    follow_keys(keys);
    std::vector<BoardView::Piece> pieces;
    if (counters_)
        for (const auto& k : counters_->list)
            if (const auto at = board_->parse_hex(k.hex)) {
                const board::Counter* first = counters_->chosen_for(counter_roles_.first);
                const board::Counter* second = counter_roles_.second.empty() ? nullptr : counters_->chosen_for(counter_roles_.second);
                pieces.push_back({*at, k.name, k.side, first == &k ? 1 : second == &k ? 2 : 0});
            }
    view_.set_pieces(std::move(pieces));
    Placement place = placed_;
    if (view_.draw(support, board_, generation_, mode, situation, marks, &place, area, menu, roles, &painter_, board_.get()) && place != placed_) {
        placed_ = place;
        write_keys(keys);
        changed = true;
    }
    if (const auto e = view_.take_piece_event()) pick_ = board::CounterPick{e->kind, e->name, board_->name(e->at)};
    // A board just loaded (a new one made by New board… or from a picture names it in the frame
    // before it loads): the App rules again, now on the board held.
    if (generation_ != announced_generation_) announced_generation_ = generation_, changed = true;
    if (*name) changed |= after_view(support, name, situation_dir);
    return changed;
}

bool BoardHost::inputs_section(const Engine& engine, const view::BoardSupport& support, std::optional<std::string>* name,
                               const std::filesystem::path& situation_dir, const std::string& none, const std::string& reads) {
    ui::section("Board");
    load(engine, support, *name, situation_dir);
    if (!*name) {
        const bool changed = picker(support, name, situation_dir, reads);
        ImGui::SameLine();
        ui::wrapped(ui::dim_text(), none);
        return changed;
    }
    name_line(*name);
    return false;
}

void BoardHost::name_line(const std::optional<std::string>& name) const {
    if (!name) return;
    std::string shown = *name;
    if (board_) {
        const std::filesystem::path file(board_->file);
        shown = board_->title + " \xe2\x80\x94 " + file.filename().string() + " in " + file.parent_path().string();
    }
    ui::wrapped(ui::dim_text(), shown);
    ui::probe("board_name");
    // Painted and not saved: said in words with a mark (not a referee's call, so not amber).
    if (painter_.unsaved()) {
        ui::wrapped(ui::neutral(), "\xe2\x97\x8f board painted, not saved (Paint: Save board)");
        ui::probe("board_unsaved");
    }
}

void BoardHost::notes(const std::shared_ptr<const view::BoardMarks>& marks) {
    if (board_) view_.draw_notes(*board_, marks);
}

void BoardHost::key(const std::shared_ptr<const view::BoardMarks>& marks) {
    if (board_) view_.draw_key(*board_, marks);
}

std::string BoardHost::waiting_for(const std::optional<std::string>& name, const std::optional<std::string>& first,
                                   const std::optional<std::string>& second, const BoardView::Roles& roles) const {
    if (!held(name)) return "";
    const bool two = !roles.second.empty();
    if (!first && (!two || !second))
        return two ? "Click the " + roles.first + "'s hex on the map, then the " + roles.second + "'s." : "Click the " + roles.first + "'s hex on the map.";
    if (!first) return "Click the " + roles.first + "'s hex on the map.";
    if (two && !second) return "Now click the " + roles.second + "'s hex on the map.";
    if (two && *first == *second)
        return "The " + roles.first + " and the " + roles.second + " stand in one hex: click another hex for the " + roles.second + ".";
    return "";
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
                     std::vector<Panel::SetAside>* out, PictureTool* picture) {
    if (!b) return;
    const bool paint = painter->attached() && painter->unsaved();
    const bool points = picture && picture->points_unsaved(*b);  // calibration points clicked, not saved
    if (!paint && !points) return;
    if (paint) painter->detach();  // the board goes: the painter must not keep pointing at it
    if (points) picture->points_set_aside(*b);
    const std::string what = paint ? "unsaved paint" : "unsaved calibration points";
    try {  // kept in the state folder: the board's picture named by its absolute path (write_board_at)
        out->push_back({board::write_board_at(*b, {}), what + " on board " + name + " (" + why + ")"});
    } catch (const std::exception& e) {
        out->push_back({"", what + " on board " + name + " could not be written: " + e.what()});
    }
}

std::vector<Panel::SetAside> BoardHost::take_set_aside(bool closing) {
    if (closing) set_aside("the window closed");
    return std::move(set_aside_);
}

// The New board form's fields (and New board from a picture's): columns and rows, clamped to
// the game's numbering, and the board file's name. True when Enter was pressed in the name.
bool new_board_fields(const board::Vocabulary& v, NewBoardForm* form, const std::filesystem::path& situation_dir) {
    const float em = ImGui::GetFontSize();
    auto limit = [](int digits) { int m = 1; for (int i = 0; i < digits; ++i) m *= 10; return std::min(999, m - 1); };
    const int max_c = limit(v.numbering.column_digits), max_r = limit(v.numbering.row_digits);
    ImGui::TextUnformatted("Columns");
    ImGui::SameLine(em * 5);
    ImGui::SetNextItemWidth(em * 7);
    // For the window tests, each field's text box: an InputInt ends with its - and + buttons.
    auto probe_text_box = [](const char* name) {
        const float buttons = 2 * (ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x);
        ui::probe_rect(name, ImGui::GetItemRectMin(), ImVec2(ImGui::GetItemRectMax().x - buttons, ImGui::GetItemRectMax().y));
    };
    ImGui::BeginGroup();
    ImGui::InputInt("##new_columns", &form->columns);
    ImGui::EndGroup();
    probe_text_box("new_board_columns");
    ImGui::SameLine();
    ImGui::TextUnformatted("Rows");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(em * 7);
    ImGui::BeginGroup();
    ImGui::InputInt("##new_rows", &form->rows);
    ImGui::EndGroup();
    probe_text_box("new_board_rows");
    form->columns = std::clamp(form->columns, 1, max_c), form->rows = std::clamp(form->rows, 1, max_r);
    ui::probe_value("new_board_size", std::to_string(form->columns) + " " + std::to_string(form->rows));
    ImGui::TextUnformatted("File");
    ImGui::SameLine(em * 5);
    ImGui::SetNextItemWidth(em * 18);
    const bool enter = ImGui::InputText("##new_name", &form->name, ImGuiInputTextFlags_EnterReturnsTrue);
    ui::probe("new_board_name");
    ImGui::TextDisabled("numbering %s; beside the situation%s", v.numbering.describe().c_str(),
                        situation_dir.empty() ? " (untitled: the current folder)" : "");
    return enter;
}

// Writes a new board `b` as form->name beside the situation (never over a file that exists).
// True when written (b.file set to it); else form->error says why.
bool write_new_board(board::Board& b, NewBoardForm* form, const std::filesystem::path& situation_dir) {
    const std::filesystem::path path = situation_dir / form->name;
    std::error_code ec;
    if (form->name.empty()) {
        form->error = "give the board a file name";
    } else if (std::filesystem::exists(path, ec)) {
        form->error = path.string() + " already exists: choose another name, or use Open board";
    } else {
        b.file = path.string();
        if (auto err = board::save_board(b, path)) form->error = "The board was not created: " + *err;
        else return true;
    }
    return false;
}

// "New board...": an all-clear board of a chosen size in the game's numbering (rules data), written
// at once beside the situation so the situation can name it; the view then opens in Paint mode.
bool new_board_popup(const board::Vocabulary& v, NewBoardForm* form, std::optional<std::string>* name,
                     const std::filesystem::path& situation_dir, BoardView* view, std::optional<bool> open_now) {
    bool open = open_now.value_or(false);
    if (!open_now) {  // its own button
        open = ImGui::Button("New board\xe2\x80\xa6");
        ui::tip("Start a board of your own: every hex clear, numbered as the game numbers its map (" + v.numbering.describe() +
                "). It is written at once beside the situation; then paint it.");
        ui::probe("new_board");
    }
    if (open) {
        if (form->columns == 0) form->columns = 12, form->rows = 10;
        if (form->name.empty()) form->name = "my-board.toml";
        form->error.clear();
        ImGui::OpenPopup("##new_board");
    }
    if (!ImGui::BeginPopup("##new_board")) return false;
    bool changed = false;
    const float em = ImGui::GetFontSize();
    const bool enter = new_board_fields(v, form, situation_dir);
    if (ImGui::Button("Create", ImVec2(em * 6, 0)) || enter) {
        board::Board b = new_board(v, form->columns, form->rows);
        if (write_new_board(b, form, situation_dir)) {
            *name = form->name;
            changed = true;
            view->set_tool(BoardView::Tool::paint);
            ImGui::CloseCurrentPopup();
        }
    }
    ui::probe("new_board_create");
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(em * 6, 0))) ImGui::CloseCurrentPopup();
    if (!form->error.empty()) ui::wrapped(ui::bad(), "\xe2\x9c\x96 " + form->error);
    ImGui::EndPopup();
    return changed;
}

}  // namespace umpire::app
