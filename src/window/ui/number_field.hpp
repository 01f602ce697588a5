// A labelled number field that goes on the current line when it fits ("width [48.00]"), with its
// tooltip, probed for the window tests under its id without the "##". Shared by the table
// photo's calibration step (table/photo.cpp) and the Trace tool's base fields (table/trace_tool.cpp).
#pragma once
#include <imgui.h>

#include "window/ui/widgets.hpp"

namespace umpire::app::ui {

// True when the value changed this frame.
inline bool number_field(const char* label, const char* id, double* v, const char* tip_text, float width_em = 4.5f) {
    const float em = ImGui::GetFontSize();
    same_line_if_fits(ImGui::CalcTextSize(label).x + em * (width_em + 1.0f));
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(label);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(em * width_em);
    const bool changed = ImGui::InputDouble(id, v, 0, 0, "%.2f");
    tip(tip_text);
    probe(id[0] == '#' && id[1] == '#' ? id + 2 : id);
    return changed;
}

}  // namespace umpire::app::ui
