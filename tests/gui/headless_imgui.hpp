// A Dear ImGui context with no display or renderer, for window tests that build frames and end
// them without drawing (option tooltips, the paint toolbar). It claims what the real OpenGL 3
// backend claims (ImGuiBackendFlags_RendererHasVtxOffset, GL >= 3.2): a draw list may then hold
// more than 65536 vertices (a whole 66 x 44 board), as it may in the window.
#pragma once
#include <imgui.h>

namespace umpire::test {

struct HeadlessContext {
    explicit HeadlessContext(ImVec2 display = ImVec2(1280, 800)) {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = display;
        io.DeltaTime = 1.0f / 60.0f;
        io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsAlpha8(&pixels, &w, &h);
    }
    ~HeadlessContext() { ImGui::DestroyContext(); }
    HeadlessContext(const HeadlessContext&) = delete;
    HeadlessContext& operator=(const HeadlessContext&) = delete;
};

}  // namespace umpire::test
