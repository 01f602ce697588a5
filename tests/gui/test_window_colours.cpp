// Every colour the window draws, and numbers kept whole (issue 23; docs/window.md "Colours",
// "Nothing clipped"). The real App draws each example in a headless Dear ImGui frame; every vertex
// of the frame's draw lists is looked at: amber, the palette's "referee's call", is drawn exactly
// when the ruling is a referee's call (or its line on the board meets one), never for anything
// else ("unsaved", "click the board", a legend). And a number such as "10.22D" or 3.07" is never
// split across two lines, whatever the width it wraps at.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "headless_imgui.hpp"
#include "board/marks.hpp"
#include "window/board/view.hpp"
#include "window/shell/app.hpp"
#include "window/ui/widgets.hpp"

using namespace umpire;
using namespace umpire::app;

namespace {

// The RGB of every vertex drawn this frame (alpha left out: anti-aliased fringes fade the alpha).
std::vector<ImU32> colours_drawn() {
    std::vector<ImU32> out;
    const ImDrawData* d = ImGui::GetDrawData();
    for (int i = 0; d && i < d->CmdListsCount; ++i)
        for (const ImDrawVert& v : d->CmdLists[i]->VtxBuffer)
            if ((v.col >> IM_COL32_A_SHIFT) & 0xFF) out.push_back(v.col & ~IM_COL32_A_MASK);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

bool marks_a_call(const Ruling& r) {
    if (!r.board_marks) return false;
    const auto& m = *r.board_marks;
    auto has = [](const auto& v) { return std::any_of(v.begin(), v.end(), [](const auto& x) { return x.mark == view::Mark::referee_call; }); };
    return m.verdict == view::Mark::referee_call || has(m.lines) || has(m.hexes) || has(m.sides);
}

}  // namespace

TEST_CASE("Window colours: amber is drawn exactly for a referee's call, in every example (issue 23)", "[gui][colours]") {
    umpire::test::HeadlessContext context(ImVec2(1280, 1200));
    const ImU32 amber = ImGui::ColorConvertFloat4ToU32(ui::referee_call()) & ~IM_COL32_A_MASK;
    BoardView::defaults() = {};
    BoardView::defaults().wait_for_figures = true;
    int calls = 0, others = 0;
    std::vector<std::filesystem::path> examples;
    for (const auto& e : std::filesystem::directory_iterator(std::string(UMPIRE_SOURCE_DIR) + "/examples"))
        if (e.path().extension() == ".toml") examples.push_back(e.path());
    std::sort(examples.begin(), examples.end());
    REQUIRE(examples.size() > 20);
    for (const auto& ex : examples) {
        INFO(ex.filename().string());
        Options o;
        o.rules_dir = UMPIRE_SOURCE_RULES_DATA;
        o.situation = ex;
        o.screenshot = "/dev/null";  // headless: no state folder
        o.width = 1280, o.height = 1200, o.scale = 1.0f;
        App app(o);
        REQUIRE(app.start().empty());
        std::vector<ImU32> drawn;
        for (int i = 0; i < 4; ++i) {
            ImGui::NewFrame();
            app.draw();
            ImGui::Render();
            drawn = colours_drawn();
        }
        const Ruling* r = app.ruling();
        REQUIRE(r != nullptr);
        const bool call = r->referee_call || marks_a_call(*r);
        const bool amber_drawn = std::binary_search(drawn.begin(), drawn.end(), amber);
        CHECK(amber_drawn == call);
        (call ? calls : others)++;
    }
    // The check is real both ways: examples with and without a call.
    CHECK(calls >= 3);
    CHECK(others >= 20);
}

TEST_CASE("Window text: a number is never split across lines (10.22D, 3.07\", 6.1 in)", "[gui][text]") {
    umpire::test::HeadlessContext context;
    ImGui::NewFrame();
    const std::string text = "10.22D: the target 3.07\" from the escarpment and the firer 6.1 in from it differ by 3.03 in; range 24 hexes, "
                             "5 MP plotted, table 8.91 and rule 10.22C decide.";
    const std::string shown = ui::unbreakable(text);
    CHECK(shown.find("10.22D") == std::string::npos);  // the dot is one that ImGui does not wrap after
    ImFont* font = ImGui::GetFont();
    // Every width from 3 characters up: each line break falls at a space, never inside a number or
    // between a number and its unit.
    for (float width = font->FontSize * 3; width < font->FontSize * 40; width += 1.0f) {
        INFO("wrap width " << width);
        const char* s = shown.c_str();
        const char* end = s + shown.size();
        while (s < end) {
            const char* brk = font->CalcWordWrapPositionA(1.0f, s, end, width);
            if (brk == s) brk = s + 1;
            if (brk >= end) break;
            const std::string line(s, brk);
            const char last = line.empty() ? ' ' : line.back();
            const char next = *brk;
            const bool after_digit = std::isdigit(static_cast<unsigned char>(last)) != 0;
            const bool split_number = (after_digit || last == '.') && std::isdigit(static_cast<unsigned char>(next)) != 0;
            const bool split_inches = after_digit && next == '"';
            // A number and its unit stay together: no break right after "6.1" before "in".
            const std::string after(brk, std::min(brk + 3, end));
            const bool split_unit = after_digit && (after == " in" || after == " MP");
            CHECK_FALSE(split_number);
            CHECK_FALSE(split_inches);
            CHECK_FALSE(split_unit);
            s = brk;
            while (s < end && *s == ' ') ++s;
            if (s < end && *s == '\n') ++s;
        }
    }
    ImGui::EndFrame();
}
