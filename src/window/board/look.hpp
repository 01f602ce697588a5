// How the board view draws a game's names and the ruling's marks (docs/window.md "The map"):
// shared by the canvas (view.cpp), the key and the notes (view_notes.cpp). Every colour here is
// the map's own or the palette's (widgets.hpp): none of the map's colours is the palette's amber,
// which means "referee's call" only.
//
// Sections
//   colours and glyphs     u32, rgba_colour, glyph_text
//   terrain                terrain_fill, terrain_glyph
//   hexside features       side_feature
//   suggestions            hatch_hex, hatch_side (what the picture suggested, not confirmed)
//   marks                  mark_colour, mark_word
#pragma once
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <string>

#include <imgui.h>

#include "window/ui/widgets.hpp"
#include "board/board_support.hpp"

namespace umpire::app::boardlook {

inline ImU32 u32(ImVec4 c, float alpha = 1.0f) {
    c.w *= alpha;
    return ImGui::ColorConvertFloat4ToU32(c);
}

// A colour the game's BoardSupport::look gives (0xRRGGBBAA).
inline ImVec4 rgba_colour(std::uint32_t c) {
    return {float((c >> 24) & 0xFF) / 255.0f, float((c >> 16) & 0xFF) / 255.0f, float((c >> 8) & 0xFF) / 255.0f, float(c & 0xFF) / 255.0f};
}

// A game's glyph (BoardSupport::look) centred at c, `size` pixels tall; nothing when it would be
// too small to read.
inline void glyph_text(ImDrawList* dl, ImVec2 c, float size, const std::string& g, ImU32 ink) {
    if (g.empty() || size < 7.0f) return;
    const ImVec2 ts = ImGui::CalcTextSize(g.c_str());
    const float k = size / ImGui::GetFontSize();
    dl->AddText(nullptr, size, {c.x - ts.x * k / 2, c.y - size / 2}, ink, g.c_str());
}

// A terrain's fill: a quiet tone per name (never the only sign: see terrain_glyph).
inline ImVec4 terrain_fill(const std::string& t) {
    if (t == "woods") return {0.12f, 0.27f, 0.14f, 1};
    if (t == "rough") return {0.30f, 0.26f, 0.18f, 1};
    if (t == "wreck") return {0.27f, 0.27f, 0.31f, 1};
    if (t == "clear") return {0.19f, 0.21f, 0.19f, 1};
    return {0.22f, 0.20f, 0.26f, 1};
}

// A terrain's glyph in a hex of circumradius r (pixels) at c: woods three trees, rough scattered
// stones, wreck a burnt-out hull (a crossed box), clear nothing, anything else its initial.
inline void terrain_glyph(ImDrawList* dl, ImVec2 c, float r, const std::string& t) {
    const ImU32 ink = u32({0.85f, 0.88f, 0.80f, 1}, 0.75f);
    if (t == "woods") {
        for (const ImVec2 o : {ImVec2(-0.32f, 0.12f), ImVec2(0.32f, 0.12f), ImVec2(0, -0.22f)}) {
            const ImVec2 top{c.x + o.x * r, c.y + (o.y - 0.2f) * r}, l{c.x + (o.x - 0.16f) * r, c.y + (o.y + 0.12f) * r},
                rr{c.x + (o.x + 0.16f) * r, c.y + (o.y + 0.12f) * r};
            dl->AddTriangleFilled(top, l, rr, u32({0.45f, 0.75f, 0.45f, 1}, 0.9f));
            dl->AddLine({c.x + o.x * r, c.y + (o.y + 0.12f) * r}, {c.x + o.x * r, c.y + (o.y + 0.22f) * r}, ink, std::max(1.0f, r * 0.04f));
        }
    } else if (t == "rough") {
        for (const ImVec2 o : {ImVec2(-0.35f, -0.1f), ImVec2(0.0f, 0.25f), ImVec2(0.3f, -0.2f), ImVec2(0.35f, 0.2f), ImVec2(-0.2f, 0.3f)})
            dl->AddCircleFilled({c.x + o.x * r, c.y + o.y * r}, std::max(1.2f, r * 0.06f), ink, 6);
    } else if (t == "wreck") {
        const float w = r * 0.32f, h = r * 0.2f;
        dl->AddRect({c.x - w, c.y - h}, {c.x + w, c.y + h}, ink, 0, 0, std::max(1.0f, r * 0.05f));
        dl->AddLine({c.x - w, c.y - h}, {c.x + w, c.y + h}, ink, std::max(1.0f, r * 0.05f));
        dl->AddLine({c.x - w, c.y + h}, {c.x + w, c.y - h}, ink, std::max(1.0f, r * 0.05f));
    } else if (t != "clear" && !t.empty() && r > 8) {
        const char s[2] = {char(std::toupper(static_cast<unsigned char>(t[0]))), 0};
        const ImVec2 ts = ImGui::CalcTextSize(s);
        dl->AddText({c.x - ts.x / 2, c.y - ts.y / 2}, ink, s);
    }
}

// A hexside feature from corner a to corner b; `into` points into the hex on its sloped side
// (slope: hachures drawn on that side only; 10.5), else both sides get the berm's ticks.
// `look`: the game's colour (0: the view's own) and glyph, written inside the hex `into` points to.
inline void side_feature(ImDrawList* dl, ImVec2 a, ImVec2 b, const std::string& f, ImVec2 into, float r, bool directional,
                  const view::BoardSupport::Look& look = {}) {
    const float th = std::max(2.0f, r * 0.10f);
    // Brown and pale grey: never the amber that means "referee's call".
    const ImU32 col = look.rgba                  ? u32(rgba_colour(look.rgba))
                      : f == "berm"              ? u32({0.62f, 0.40f, 0.22f, 1})
                      : f == "slope"             ? u32({0.80f, 0.80f, 0.74f, 1})
                                                 : u32({0.7f, 0.7f, 0.85f, 1});
    if (!look.glyph.empty()) {  // the letters inside the hex the feature's hachures point into
        const ImVec2 m{(a.x + b.x) / 2 + into.x * r * 0.28f, (a.y + b.y) / 2 + into.y * r * 0.28f};
        glyph_text(dl, m, std::min(ImGui::GetFontSize() * 0.75f, r * 0.32f), look.glyph, col);
    }
    dl->AddLine(a, b, col, th);
    const ImVec2 d{b.x - a.x, b.y - a.y};
    const int ticks = 4;
    for (int i = 1; i <= ticks; ++i) {
        const float t = float(i) / float(ticks + 1);
        const ImVec2 p{a.x + d.x * t, a.y + d.y * t};
        const float len = r * 0.18f;
        if (directional) {  // hachures into the sloped side only
            dl->AddLine(p, {p.x + into.x * len, p.y + into.y * len}, col, std::max(1.0f, th * 0.5f));
        } else {  // a berm: a bank, ticks across it
            dl->AddLine({p.x - into.x * len * 0.6f, p.y - into.y * len * 0.6f}, {p.x + into.x * len * 0.6f, p.y + into.y * len * 0.6f}, col,
                        std::max(1.0f, th * 0.5f));
        }
    }
}

// A hex the picture suggested and the referee has not confirmed (docs/maps.md): chords of the
// circle of radius 0.8 r about c (inside the hex of circumradius r), 45 degrees one way; crossed
// for an unsure one, to check first. Light ink, never amber: a suggestion is no referee's call.
inline const ImVec4 kSuggestedInk{0.95f, 0.95f, 0.90f, 0.5f};
inline void hatch_hex(ImDrawList* dl, ImVec2 c, float r, bool crossed) {
    const float inner = r * 0.80f, width = std::max(1.0f, r * 0.04f);
    const ImU32 ink = ImGui::GetColorU32(kSuggestedInk);
    for (float sx : {1.0f, -1.0f}) {
        if (sx < 0 && !crossed) break;
        const ImVec2 n{0.7071f * sx, 0.7071f}, t{0.7071f, -0.7071f * sx};  // across the lines, along them
        for (float off : {-0.55f, 0.0f, 0.55f}) {
            const float d = off * inner, half = std::sqrt(inner * inner - d * d);
            const ImVec2 m{c.x + n.x * d, c.y + n.y * d};
            dl->AddLine({m.x - t.x * half, m.y - t.y * half}, {m.x + t.x * half, m.y + t.y * half}, ink, width);
        }
    }
}

// A hexside the picture suggested, from corner a to corner b: with a feature, three light slashes
// across it; unsure (with a feature or none), a light ring at its middle.
inline void hatch_side(ImDrawList* dl, ImVec2 a, ImVec2 b, float r, bool feature, bool unsure) {
    const ImU32 ink = ImGui::GetColorU32(kSuggestedInk);
    const float width = std::max(1.0f, r * 0.04f), len = r * 0.16f;
    const ImVec2 t{(b.x - a.x) / r, (b.y - a.y) / r};  // along the side (its length is r)
    const ImVec2 slash{(t.x - t.y) * 0.7071f * len, (t.y + t.x) * 0.7071f * len};  // 45 degrees across it
    if (feature)
        for (float at : {0.25f, 0.5f, 0.75f}) {
            const ImVec2 m{a.x + (b.x - a.x) * at, a.y + (b.y - a.y) * at};
            dl->AddLine({m.x - slash.x, m.y - slash.y}, {m.x + slash.x, m.y + slash.y}, ink, width);
        }
    if (unsure) dl->AddCircle({(a.x + b.x) / 2, (a.y + b.y) / 2}, r * 0.16f, ink, 0, width * 1.5f);
}

inline const ImVec4 kKillShade{0.78f, 0.30f, 0.85f, 1.0f};  // the kill-chance overlay's shading

inline ImVec4 mark_colour(view::Mark m) {
    switch (m) {
        case view::Mark::blocking: return ui::bad();
        case view::Mark::referee_call: return ui::referee_call();
        case view::Mark::hindering: return ui::neutral();
        default: return ui::good();
    }
}

// A mark in words and its sign (colour is never the only sign).
inline std::string mark_word(view::Mark m) {
    switch (m) {
        case view::Mark::blocking: return "\xe2\x9c\x96 blocked";
        case view::Mark::referee_call: return std::string(ui::kOpenMark) + " referee's call";
        case view::Mark::hindering: return "\xe2\x97\x8f hindered";
        case view::Mark::clear: return "\xe2\x9c\x94 clear";
        default: return "";
    }
}

}  // namespace umpire::app::boardlook
