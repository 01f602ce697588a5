// The window's frame time (issue 23: "a frame while panning the 66 x 44 board with the kill-chance
// overlay on stays under 8 ms on one core"): the real App draws the sample-map example
// (examples/spi-tank-board-sample-map.toml, 66 x 44 hexes) into a headless Dear ImGui context at
// 1280 x 800 with DejaVu Sans at 16 px, as the window does, while the mouse pans the board with a
// right drag; the frame is NewFrame, App::draw and Render (the draw lists the GPU is sent).
// Yardstick in the same run: a bare ImGui frame that draws nothing (BM_BareFrame).
// Run with `./dev bench` (or build/tests/bench/umpire_window_bench).
#include <benchmark/benchmark.h>

#include <filesystem>

#include <imgui.h>

#include "window/board/view.hpp"
#include "window/shell/app.hpp"
#include "window/ui/widgets.hpp"

namespace {

// A headless ImGui context with the window's fonts (DejaVu at 16 px when installed).
struct Context {
    Context() {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(1280, 800);
        io.DeltaTime = 1.0f / 60.0f;
        io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;
        const std::filesystem::path dir = "/usr/share/fonts/truetype/dejavu";
        auto& f = umpire::app::ui::fonts();
        std::error_code ec;
        if (std::filesystem::exists(dir / "DejaVuSans.ttf", ec)) {
            f.regular = io.Fonts->AddFontFromFileTTF((dir / "DejaVuSans.ttf").c_str(), 16.0f);
            f.bold = io.Fonts->AddFontFromFileTTF((dir / "DejaVuSans-Bold.ttf").c_str(), 16.0f);
            f.big = io.Fonts->AddFontFromFileTTF((dir / "DejaVuSans-Bold.ttf").c_str(), 24.0f);
            f.verdict = io.Fonts->AddFontFromFileTTF((dir / "DejaVuSans-Bold.ttf").c_str(), 30.0f);
            io.FontDefault = f.regular;
        }
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsAlpha8(&pixels, &w, &h);
    }
    ~Context() {
        umpire::app::ui::fonts() = {};
        ImGui::DestroyContext();
    }
};

void frame(umpire::app::App* app) {
    ImGui::NewFrame();
    if (app) {
        app->draw();
    } else {
        ImGui::Begin("##bare");
        ImGui::End();
    }
    ImGui::Render();
    benchmark::DoNotOptimize(ImGui::GetDrawData()->TotalVtxCount);
}

void BM_BareFrame(benchmark::State& state) {
    Context c;
    for (auto _ : state) frame(nullptr);
}
BENCHMARK(BM_BareFrame)->Unit(benchmark::kMillisecond);

// The App on the sample map with the kill-chance overlay on (computed before timing starts);
// `pan`: a right drag moves the board a few pixels every frame.
void window_frames(benchmark::State& state, bool pan) {
    Context c;
    umpire::app::BoardView::defaults().kill_chance = true;
    umpire::app::BoardView::defaults().wait_for_figures = true;
    umpire::app::Options o;
    o.rules_dir = UMPIRE_SOURCE_RULES_DATA;
    o.situation = std::string(UMPIRE_SOURCE_DIR) + "/examples/spi-tank-board-sample-map.toml";
    o.screenshot = "/dev/null";  // headless: no state folder, no session
    o.width = 1280, o.height = 800;
    o.scale = 1.0f;
    umpire::app::App app(o);
    if (!app.start().empty()) {
        state.SkipWithError("the App did not start");
        return;
    }
    umpire::app::ui::set_probing(true);
    for (int i = 0; i < 4; ++i) frame(&app);  // laid out, fitted
    const auto it = umpire::app::ui::probed().find("board");
    if (it == umpire::app::ui::probed().end()) {
        state.SkipWithError("no board drawn");
        return;
    }
    umpire::app::ui::set_probing(false);
    const ImVec2 centre{(it->second.x + it->second.z) / 2, (it->second.y + it->second.w) / 2};
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = centre;
    frame(&app);
    if (pan) io.MouseDown[1] = true;
    long n = 0;
    for (auto _ : state) {
        if (pan) io.MousePos = ImVec2(centre.x + float((n++ % 40) - 20) * 3.0f, centre.y);
        frame(&app);
    }
    io.MouseDown[1] = false;
    state.counters["draw_vertices"] = double(ImGui::GetDrawData()->TotalVtxCount);
    umpire::app::BoardView::defaults() = {};
}

void BM_WindowFrame_SampleMapKillChance(benchmark::State& state) { window_frames(state, false); }
void BM_WindowFrame_SampleMapKillChancePanning(benchmark::State& state) { window_frames(state, true); }
BENCHMARK(BM_WindowFrame_SampleMapKillChance)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_WindowFrame_SampleMapKillChancePanning)->Unit(benchmark::kMillisecond);

}  // namespace
