// The words of a picture of a ruling (see picture.hpp).
//
// Sections
//   1. signs      ✔ ✖ ● ▲ drawn as shapes (large, outlined), tone -> sign and colour
//   2. caption    a Ruling's words
//   3. blocks     wrapped paragraphs, reasons with their rule, the legend's flow
//   4. header, footer, words alone
#include "core/picture.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace umpire::picture {

using canvas::Canvas;
using canvas::Pt;
using canvas::Rgba;

namespace {

// Sizes in pixels, for a picture a forum may shrink to half (16 px stays readable at 8).
constexpr float kTitlePx = 22, kVerdictPx = 40, kCallPx = 28, kDetailPx = 24, kHeadingPx = 24, kReasonPx = 21, kLegendPx = 19,
                kFooterPx = 17;
constexpr float kRuleColumn = 96;  // the rule numbers' column in reasons
constexpr std::size_t kMaxWhy = 24;  // steps shown; the rest are counted

const canvas::Font& regular() { return *canvas::Fonts::dejavu().regular; }
const canvas::Font& bold() { return *canvas::Fonts::dejavu().bold; }

}  // namespace

// =====================================================================================
// 1. signs
// =====================================================================================

Sign sign_of(Tone t) { return t == Tone::good ? Sign::check : t == Tone::bad ? Sign::cross : Sign::dot; }

Rgba colour_of(Tone t) { return t == Tone::good ? colour::good : t == Tone::bad ? colour::bad : colour::neutral; }

void draw_sign(Canvas& cv, Sign s, Pt c, float size, Rgba fill) {
    const float h = size / 2;
    const float w = std::max(2.5f, size * 0.18f);
    switch (s) {
        case Sign::check: {
            const std::vector<Pt> pts{{c.x - h * 0.8f, c.y + h * 0.05f}, {c.x - h * 0.25f, c.y + h * 0.6f}, {c.x + h * 0.85f, c.y - h * 0.65f}};
            cv.stroke(pts, w + 3, colour::ink);
            cv.stroke(pts, w, fill);
            break;
        }
        case Sign::cross:
            for (const float width : {w + 3, w}) {
                const Rgba col = width > w ? colour::ink : fill;
                cv.line({c.x - h * 0.7f, c.y - h * 0.7f}, {c.x + h * 0.7f, c.y + h * 0.7f}, width, col);
                cv.line({c.x - h * 0.7f, c.y + h * 0.7f}, {c.x + h * 0.7f, c.y - h * 0.7f}, width, col);
            }
            break;
        case Sign::dot:
            cv.circle(c, h * 0.62f + 1.5f, colour::ink);
            cv.circle(c, h * 0.62f, fill);
            break;
        case Sign::triangle: {
            const std::vector<Pt> t{{c.x, c.y - h * 0.9f}, {c.x + h * 0.95f, c.y + h * 0.75f}, {c.x - h * 0.95f, c.y + h * 0.75f}};
            cv.fill(t, fill);
            cv.stroke(t, std::max(1.5f, size * 0.06f), colour::ink, true);
            break;
        }
        case Sign::none: break;
    }
}

// =====================================================================================
// 2. caption
// =====================================================================================

std::string abbreviation(const std::vector<std::string>& names, const std::string& name) {
    if (name.empty()) return "";
    const std::string a(1, char(std::toupper(static_cast<unsigned char>(name[0]))));
    for (const auto& other : names) {
        if (other == name) break;  // an earlier name with the same initial took the single letter
        if (!other.empty() && std::toupper(static_cast<unsigned char>(other[0])) == a[0]) return a + (name.size() > 1 ? name.substr(1, 1) : "");
    }
    return a;
}

Caption caption_of(const Ruling& r, const std::string& game, const std::string& title) {
    Caption c;
    c.game = game;
    c.title = title;
    c.verdict = r.verdict;
    c.tone = r.tone;
    c.referee_call = r.referee_call;
    c.detail = r.detail;
    if (r.referee_call) c.calls = r.referee_reasons;
    for (const auto& s : r.explanation) c.why.push_back({s.rule, s.text});
    return c;
}

// =====================================================================================
// 3. blocks
// =====================================================================================

namespace {

// A paragraph wrapped to `width`; returns its height.
float paragraph(Canvas* cv, const canvas::Font& f, float px, Pt at, float width, const std::string& s, Rgba col, float spacing = 1.2f) {
    const auto lines = Canvas::wrap(f, px, s, width);
    const float lh = px * spacing;
    if (cv)
        for (std::size_t i = 0; i < lines.size(); ++i) cv->text(f, px, {at.x, at.y + lh * float(i)}, lines[i], col);
    return lh * float(lines.size());
}

// The rule column's width for a list of reasons: the widest rule (none when no reason has one).
float rule_column(const std::vector<Reason>& rs) {
    float w = 0;
    for (const auto& r : rs)
        if (!r.rule.empty()) w = std::max({w, kRuleColumn, bold().width(kReasonPx, r.rule) + 14});
    return std::min(w, 220.0f);
}

// One reason: an optional number, the rule in bold in its column (`rule_w` wide), the text
// wrapped beside it.
float reason(Canvas* cv, Pt at, float width, const std::string& number, const Reason& r, float rule_w) {
    float x = at.x;
    if (!number.empty()) {
        if (cv) cv->text(regular(), kReasonPx, {x, at.y}, number, colour::dim);
        x += 38;
    }
    if (!r.rule.empty() && cv) cv->text(bold(), kReasonPx, {x, at.y}, r.rule, colour::text);
    return paragraph(cv, regular(), kReasonPx, {x + rule_w, at.y}, width - (x - at.x) - rule_w, r.text, colour::text) + 6;
}

float heading(Canvas* cv, Pt at, const std::string& s) {
    if (cv) cv->text(bold(), kHeadingPx, at, s, colour::text);
    return kHeadingPx * 1.5f;
}

// The legend's icon for one item, in a 34 x 26 box at `at`.
void legend_icon(Canvas& cv, const LegendItem& it, Pt at) {
    const Pt mid{at.x + 17, at.y + 13};
    switch (it.kind) {
        case LegendItem::Kind::sign: draw_sign(cv, it.sign, mid, 24, it.colour); break;
        case LegendItem::Kind::line:
            cv.line({at.x + 2, mid.y}, {at.x + 32, mid.y}, 9, colour::ink);
            cv.line({at.x + 2, mid.y}, {at.x + 32, mid.y}, 6, it.colour);
            break;
        case LegendItem::Kind::thin_line: cv.line({at.x + 2, mid.y}, {at.x + 32, mid.y}, 2.5f, it.colour); break;
        case LegendItem::Kind::swatch:
        case LegendItem::Kind::unit: {
            cv.rect(at.x + 1, at.y, at.x + 33, at.y + 26, it.colour);
            cv.stroke({{at.x + 1, at.y}, {at.x + 33, at.y}, {at.x + 33, at.y + 26}, {at.x + 1, at.y + 26}}, 1.5f, colour::ink, true);
            if (!it.glyph.empty()) {
                // Light letters on a dark swatch, dark ones on a light swatch (a unit's counter).
                const unsigned lum = ((it.colour >> 24) * 3 + ((it.colour >> 16) & 0xFF) * 6 + ((it.colour >> 8) & 0xFF)) / 10;
                const Rgba ink = lum > 140 ? colour::ink : colour::text;
                const float px = it.glyph.size() > 2 ? 13.0f : 17.0f;
                const canvas::Font& f = bold();
                cv.text(f, px, {mid.x - f.width(px, it.glyph) / 2, mid.y - f.ascent(px) / 2 - 2}, it.glyph, ink);
            }
            break;
        }
    }
}

// The legend laid as a flow of "icon words" entries; returns its height.
float legend(Canvas* cv, const std::vector<LegendItem>& items, Pt at, float width) {
    if (items.empty()) return 0;
    float x = at.x, y = at.y;
    const float row = 34;
    for (const auto& it : items) {
        const float w = 34 + 8 + regular().width(kLegendPx, it.words) + 26;
        if (x > at.x && x + w > at.x + width) x = at.x, y += row;
        if (cv) {
            legend_icon(*cv, it, {x, y});
            cv->text(regular(), kLegendPx, {x + 42, y + 2}, it.words, colour::text);
        }
        x += w;
    }
    return y + row - at.y;
}

}  // namespace

// =====================================================================================
// 4. header, footer, words alone
// =====================================================================================

float draw_header(Canvas* cv, const Caption& c, float y0, float width) {
    const float x = kMargin, inner = width - 2 * kMargin;
    float y = y0 + 16;
    const std::string top = c.title.empty() ? c.game : c.game + " \xe2\x80\x94 " + c.title;  // "—"
    y += paragraph(cv, regular(), kTitlePx, {x, y}, inner, top, colour::dim) + 8;
    // The verdict banner: an accent bar and the sign in the verdict's colour, the headline beside it.
    const Rgba tone = colour_of(c.tone);
    const float text_x = x + 24 + kVerdictPx + 14;
    const auto lines = Canvas::wrap(bold(), kVerdictPx, c.verdict, x + inner - text_x - 12);
    float banner = kVerdictPx * 1.25f * float(lines.size()) + 24;
    const bool call = c.referee_call;
    if (call) banner += kCallPx * 1.4f;
    if (cv) {
        cv->rect(x, y, x + inner, y + banner, colour::panel);
        cv->rect(x, y, x + 10, y + banner, tone);
        draw_sign(*cv, sign_of(c.tone), {x + 24 + kVerdictPx / 2, y + 12 + kVerdictPx * 0.62f}, kVerdictPx, tone);
        for (std::size_t i = 0; i < lines.size(); ++i)
            cv->text(bold(), kVerdictPx, {text_x, y + 12 + kVerdictPx * 1.25f * float(i)}, lines[i],
                     c.tone == Tone::good || c.tone == Tone::bad ? tone : colour::text);
        if (call) {  // the amber sign and words: a real referee's call only
            const float cy = y + 12 + kVerdictPx * 1.25f * float(lines.size()) + 4;
            draw_sign(*cv, Sign::triangle, {text_x + kCallPx / 2, cy + kCallPx * 0.55f}, kCallPx, colour::referee_call);
            cv->text(bold(), kCallPx, {text_x + kCallPx + 10, cy}, "REFEREE'S CALL", colour::referee_call);
        }
    }
    y += banner + 10;
    if (!c.detail.empty()) y += paragraph(cv, regular(), kDetailPx, {x, y}, inner, c.detail, colour::text) + 6;
    if (call && !c.calls.empty()) {
        // What the rules leave open, each under the amber sign, in an amber-edged box.
        float h = 10;
        for (const auto& s : c.calls) h += paragraph(nullptr, regular(), kReasonPx, {}, inner - 56, s, 0) + 6;
        if (cv) {
            cv->rect(x, y, x + inner, y + h + 4, colour::panel);
            cv->stroke({{x, y}, {x + inner, y}, {x + inner, y + h + 4}, {x, y + h + 4}}, 2, colour::referee_call, true);
            float yy = y + 10;
            for (const auto& s : c.calls) {
                draw_sign(*cv, Sign::triangle, {x + 24, yy + kReasonPx * 0.6f}, 20, colour::referee_call);
                yy += paragraph(cv, regular(), kReasonPx, {x + 44, yy}, inner - 56, s, colour::text) + 6;
            }
        }
        y += h + 14;
    }
    return y + 6 - y0;
}

float draw_footer(Canvas* cv, const Caption& c, float y0, float width) {
    const float x = kMargin, inner = width - 2 * kMargin;
    float y = y0 + 14;
    if (!c.decided.empty()) {
        y += heading(cv, {x, y}, "What decided");
        const float rw = rule_column(c.decided);
        for (const auto& r : c.decided) y += reason(cv, {x, y}, inner, "", r, rw);
        y += 10;
    }
    if (!c.why.empty()) {
        y += heading(cv, {x, y}, "Why");
        const std::size_t shown = std::min(c.why.size(), kMaxWhy);
        const float rw = rule_column(c.why);
        for (std::size_t i = 0; i < shown; ++i) y += reason(cv, {x, y}, inner, std::to_string(i + 1) + ".", c.why[i], rw);
        if (shown < c.why.size())
            y += paragraph(cv, regular(), kReasonPx, {x, y}, inner,
                           "\xe2\x80\xa6 and " + std::to_string(c.why.size() - shown) + " more steps (Copy ruling or umpire-cli rule gives them all)",
                           colour::dim);
        y += 10;
    }
    if (!c.legend.empty()) {
        y += heading(cv, {x, y}, "Legend");
        y += legend(cv, c.legend, {x, y}, inner) + 8;
    }
    const std::string foot = std::string("Umpire ") + UMPIRE_VERSION + (c.source.empty() ? "" : " \xc2\xb7 " + c.source);  // "·"
    if (cv) cv->rect(x, y, x + inner, y + 1, colour::dim);
    y += 8;
    y += paragraph(cv, regular(), kFooterPx, {x, y}, inner, foot, colour::dim);
    return y + 14 - y0;
}

Canvas draw_caption_only(const Caption& c) {
    const float w = kMinWidth;
    const float h = draw_header(nullptr, c, 0, w) + draw_footer(nullptr, c, 0, w);
    Canvas cv(int(w), int(std::ceil(h)), colour::ground);
    const float top = draw_header(&cv, c, 0, w);
    draw_footer(&cv, c, top, w);
    return cv;
}

}  // namespace umpire::picture
