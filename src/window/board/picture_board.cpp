// "New board from a picture…" (see host.hpp; docs/maps.md "Calibrating"): the picture, the board's
// size and file, then the Picture tool.
#include <algorithm>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "window/board/host.hpp"
#include "window/ui/widgets.hpp"
#include "board/underlay.hpp"
#include "core/diag.hpp"
#include "core/image.hpp"
#include "core/input.hpp"

namespace umpire::app {

namespace {

// The picture named in the form, checked with the bounded reader without decoding it (its format,
// size and structure: image::probe; decoding a large scan would stall the frame, and the Picture
// tool decodes it on a worker): "" when it is a picture Umpire can read, else the refusal in words.
std::string check_picture(const std::filesystem::path& path) {
    try {
        const image::Info info = image::probe(read_input_file(path, path.string(), image::kMaxImageBytes), path.string());
        if (info.width < 1 || info.height < 1) return path.string() + ": the picture is empty";
        return "";
    } catch (const InputError& e) {
        return e.diagnostics().empty() ? path.string() + ": cannot be read" : e.diagnostics().front().str();
    } catch (const std::exception& e) {
        return path.string() + ": cannot be read (" + e.what() + ")";
    }
}

}  // namespace

bool picture_board_popup(const board::Vocabulary& v, PictureBoardForm* form, std::optional<std::string>* name,
                         const std::filesystem::path& situation_dir, BoardView* view, std::optional<bool> open_now) {
    bool open = open_now.value_or(false);
    if (!open_now) {  // its own button
        open = ImGui::Button("New board from a picture\xe2\x80\xa6");
        ui::tip("Start a board from a scan or photo of your printed map (docs/maps.md): click a few hex centres to line the grid "
                "up, show an example of each terrain, and Umpire suggests the rest.");
        ui::probe("picture_board");
    }
    if (open) {
        if (form->board.columns == 0) form->board.columns = 12, form->board.rows = 10;  // as New board starts
        if (form->board.name.empty()) form->board.name = "my-map.toml";
        form->board.error.clear();
        ImGui::OpenPopup("##picture_board");
    }
    if (!ImGui::BeginPopup("##picture_board")) return false;
    bool changed = false;
    const float em = ImGui::GetFontSize();
    ImGui::TextUnformatted("Picture");
    ImGui::SameLine(em * 5);
    ImGui::SetNextItemWidth(std::min(em * 18, ImGui::GetMainViewport()->WorkSize.x * 0.6f));
    bool enter = ImGui::InputTextWithHint("##picture_path", "my-map.jpg (PNG or JPEG)", &form->picture, ImGuiInputTextFlags_EnterReturnsTrue);
    ui::tip("The scan or photo of the printed map: a file beside the situation, or a full path.");
    ui::probe("picture_board_path");
    enter |= new_board_fields(v, &form->board, situation_dir);
    if (ImGui::Button("Create", ImVec2(em * 6, 0)) || enter) {
        const std::filesystem::path picture = situation_dir / form->picture;  // an absolute path stays itself
        form->board.error = form->picture.empty() ? "name the picture: a PNG or JPEG file of the printed map" : check_picture(picture);
        if (form->board.error.empty()) {
            board::Board b = new_board(v, form->board.columns, form->board.rows);
            b.title = "From " + picture.filename().string();
            board::Underlay u;
            u.image = board::underlay_image_name(picture, situation_dir / form->board.name);
            b.underlay = u;
            if (write_new_board(b, &form->board, situation_dir)) {
                *name = form->board.name;
                changed = true;
                view->set_tool(BoardView::Tool::picture);
                view->picture().set_step(PictureTool::Step::calibrate);
                ImGui::CloseCurrentPopup();
            }
        }
    }
    ui::probe("picture_board_create");
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(em * 6, 0))) ImGui::CloseCurrentPopup();
    if (!form->board.error.empty()) ui::wrapped(ui::bad(), "\xe2\x9c\x96 " + form->board.error);
    ImGui::EndPopup();
    return changed;
}

}  // namespace umpire::app
