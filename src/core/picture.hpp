// What every picture of a ruling shares (docs/window.md "Pictures of a ruling"): the palette
// (one meaning per colour, as the window's), the words around the drawing (the game, the verdict
// with its sign, the referee's call, what decided, why, a legend, "Umpire" and the version) and
// how they are laid out above and below it. board/picture.hpp draws a board under it,
// tabletop/picture.hpp a table; a ruling with neither is a picture of the words alone.
//
// Written for a forum: the verdict large, every reason with its rule number, light text on a dark
// ground (the game's own map colours are dark), never colour alone (each mark has its sign and
// its word), nothing smaller than 16 px so the picture reads when a forum shrinks it to half.
//
// Sections
//   palette    the colours and what each means
//   Caption    the words (from a Ruling, or filled by a board command)
//   layout     the parts above and below the drawing, measured and drawn
#pragma once
#include <string>
#include <vector>

#include "core/canvas.hpp"
#include "core/ruling.hpp"

namespace umpire::picture {

// ---- palette ----------------------------------------------------------------------

namespace colour {
constexpr canvas::Rgba ground = canvas::rgba(0x1B, 0x1D, 0x20);      // the picture's background
constexpr canvas::Rgba off_board = canvas::rgba(0x10, 0x11, 0x13);   // beyond the board's edge
constexpr canvas::Rgba panel = canvas::rgba(0x26, 0x29, 0x2E);       // boxes behind words
constexpr canvas::Rgba text = canvas::rgba(0xEE, 0xEF, 0xEA);
constexpr canvas::Rgba dim = canvas::rgba(0xB4, 0xB8, 0xC0);         // secondary words (never below 4.5:1 on ground)
constexpr canvas::Rgba ink = canvas::rgba(0x08, 0x09, 0x0A);         // dark outlines, letters on light fills
constexpr canvas::Rgba good = canvas::rgba(0x4D, 0xD9, 0x6B);        // clear / permitted
constexpr canvas::Rgba bad = canvas::rgba(0xFF, 0x5C, 0x54);         // blocked / not permitted
constexpr canvas::Rgba referee_call = canvas::rgba(0xFF, 0xB8, 0x29); // amber: a referee's call, and nothing else
constexpr canvas::Rgba neutral = canvas::rgba(0xB8, 0xBD, 0xCC);     // a verdict that is neither; hindering
constexpr canvas::Rgba lit = canvas::rgba(0x40, 0xD1, 0xF2);         // the deciding line, and the firer
constexpr canvas::Rgba target = canvas::rgba(0x8C, 0xB8, 0xFF);      // the target and its facing
constexpr canvas::Rgba cover = canvas::rgba(0xC9, 0x8B, 0xF2);       // tables: gives cover
constexpr canvas::Rgba crossed = canvas::rgba(0xE8, 0xD6, 0x8A);     // tables: terrain a move goes over
}  // namespace colour

// The sign drawn beside a verdict or a mark (never colour alone).
enum class Sign { none, check, cross, dot, triangle };
// ✔ for Tone::good, ✖ for bad, ● otherwise.
Sign sign_of(Tone t);
canvas::Rgba colour_of(Tone t);
// The sign itself, drawn as a shape `size` px across centred at `c` (dark outline for contrast).
void draw_sign(canvas::Canvas& cv, Sign s, canvas::Pt c, float size, canvas::Rgba fill);

// ---- Caption ----------------------------------------------------------------------

struct Reason {
    std::string rule;  // "10.22D"
    std::string text;
};

// One entry of the legend: a sign, a line style or a terrain swatch, and its words.
struct LegendItem {
    enum class Kind { sign, line, thin_line, swatch, unit } kind = Kind::sign;
    Sign sign = Sign::none;
    canvas::Rgba colour = 0;
    std::string glyph;  // a swatch's or a unit's letters
    std::string words;
};

struct Caption {
    std::string game;        // "TANK!"
    std::string title;       // the situation's title, or what a board command was asked
    std::string verdict;     // the headline
    Tone tone = Tone::neutral;
    bool referee_call = false;
    std::string detail;                 // one line under the headline
    std::vector<std::string> calls;     // what the rules leave open (a referee's call only)
    std::vector<Reason> decided;        // what decided, each with its rule
    std::vector<Reason> why;            // the ruling's steps
    std::vector<LegendItem> legend;
    std::string source;                 // "board test-small.toml (sample terrain), mixed mode"
};

// A name's letters for a legend swatch or a map glyph when its game gives none: its initial, two
// letters when an earlier name of `names` begins alike ("W" woods, "Wr" wreck).
std::string abbreviation(const std::vector<std::string>& names, const std::string& name);

// The caption of a ruling: its verdict, tone, call and steps (`game`: the game's title).
Caption caption_of(const Ruling& r, const std::string& game, const std::string& title);

// ---- layout -----------------------------------------------------------------------

// The part above the drawing: the game and title, the verdict banner with its sign, the detail,
// the referee's call (amber, with its reasons). With cv == nullptr it is only measured. Returns
// the height used from `y`.
float draw_header(canvas::Canvas* cv, const Caption& c, float y, float width);
// The part below: what decided, why (numbered, with rules), the legend, and "Umpire VERSION" with
// the source. Measured alone with cv == nullptr.
float draw_footer(canvas::Canvas* cv, const Caption& c, float y, float width);

// Side margins and the widest picture a forum shows whole.
constexpr float kMargin = 24;
constexpr float kMinWidth = 1000, kMaxWidth = 1800;

// A picture of the words alone (a ruling on neither a board nor a table).
canvas::Canvas draw_caption_only(const Caption& c);

}  // namespace umpire::picture
