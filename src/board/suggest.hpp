// Terrain suggested from a picture of the printed map (docs/maps.md): the referee shows a few
// examples ("this hex is woods", "this hexside is a berm"); Umpire samples every hex and every
// hexside of the calibrated picture, names each after the examples it looks most like, and marks
// everything it filled in as an unconfirmed suggestion (board/underlay.hpp), the unsure ones first.
//
// How a hex is sampled: about 120 points inside it, within 0.62 of its centre (its corners are 1
// away, its sides 0.87) and below the band near its top where maps print the hex number
// (SuggestOptions::number_band); the median of each colour channel (so grid lines, the number, a
// counter's shadow or a speck move nothing), and the spread of brightness (woods' printed trees
// against plain ground). Compared in CIELAB, where a distance is about what the eye sees.
//
// How a hexside is sampled: a profile across it, 21 steps from 0.25 inside one hex to 0.25 inside
// the other, each the trimmed mean along the middle 60% of its length (not the corners, where
// three hexes and their lines meet), less the colour of the hex it lies in. A plain hexside leaves
// only the grid line; a berm, a slope's ticks or a coloured symbol leave their own shape. The
// "none" class is learned from the board's own plain hexsides (most hexsides are plain: the median
// profile). Profiles are compared a few steps shifted either way (a calibration 0.05 hex off
// moves the line by 0.09) and turned round; for a feature with a sloped side (TANK! 10.5) the
// turn that fits tells the side. Two features that look alike (PanzerBlitz's green and
// hilltop-green, note N) are told apart by the hexes they lie between, as in their examples.
//
// Light: a scan or photo is brighter on one side. A smooth gain (a quadratic in board position,
// per colour channel) is fitted from the hexes against their classes and divided out, then the
// hexes are named again (three rounds), so an example from the bright corner still names the
// same terrain in the dark one.
//
// Confidence: each verdict's margin is (d2 - d1) / (d2 + d1) from the distances to the nearest
// and the second-nearest class (0 a tie, 1 certain); a hex or hexside under
// SuggestOptions::unsure_margin, or far from every example, is unsure and listed first.
//
// The board layer knows no game: the names come from the board's Vocabulary (a game's
// BoardSupport::vocabulary(), passed in by the engine or the CLI).
//
// Sections
//   Example, SuggestOptions   the referee's examples and the tuning
//   Suggestion                the verdict for every hex and hexside, the unsure ones in order
//   suggest                   sample, classify, fill the board; example_names
#pragma once
#include <string>
#include <vector>

#include "board/board.hpp"
#include "core/image.hpp"
#include "geometry/calibration.hpp"

namespace umpire::board {

// ---- Example, SuggestOptions --------------------------------------------------------

// One example: a name and where in the picture. The name is a hex terrain ("woods"), a second-
// layer hex feature ("woods-hex": on the first terrain), both ("l1-hilltop+woods-hex"), or a
// hexside feature ("berm"), as the board's Vocabulary spells them (aliases accepted). A hex
// example may be clicked anywhere in its hex; a hexside example at its hexside's midpoint — for a
// feature with a sloped side, a little inside the hex on its sloped side (clicked right on the
// line, the side its printed marks lie on is taken). A name that a hex and a hexside may both
// hold (Panzer Squadron's "obstacle") means the hexside when clicked within 0.3 of a hexside's
// midpoint (a twentieth of a hex... 0.17 hex; the hex's centre is 0.87 away), else the hex.
struct Example {
    std::string name;
    plane::Vec2 pixel;
    std::string label;  // names it in messages: "sample 3 (berm at 812,433)"
};

struct SuggestOptions {
    double unsure_margin = 0.2;   // verdicts with a smaller margin are unsure
    // The band of a hex where its number is printed, left out of its sample: from `number_band`
    // to the hex's top, in board units from its centre (-0.28: the top third of the hex).
    double number_band = -0.28;
};

// ---- Suggestion ----------------------------------------------------------------------

struct HexVerdict {
    int cls = -1;          // index into Suggestion::hex_classes; -1: not on the picture (no verdict)
    int terrain = 0;       // index into Vocabulary::hex_terrain
    int feature = -1;      // index into Vocabulary::hex_features, -1 none
    int second = -1;       // the runner-up class (index into Suggestion::hex_classes), -1 none
    double margin = 1;     // 0..1
    bool unsure = false;
};

struct SideVerdict {
    int slot = 0;          // Board::side_slot
    hex::Cube hex;         // the hexside named from a hex on the board ...
    int side = 0;          // ... and its direction
    int feature = -1;      // index into Vocabulary::hexside_features, -1 none
    hex::Cube sloped;      // directional features: the hex on the sloped side
    double margin = 1;
    bool unsure = false;
};

struct Suggestion {
    std::string error;                    // why nothing was suggested ("" when it was)
    std::vector<std::string> hex_classes; // "woods", "l1-hilltop+woods-hex": the classes examples named
    std::vector<HexVerdict> hexes;        // by Board::index; empty when no hex example was given
    std::vector<SideVerdict> sides;       // every hexside between two hexes of the board on the picture; empty without hexside examples
    std::vector<int> unsure_hexes;        // Board::index, least sure first
    std::vector<int> unsure_sides;        // indices into `sides`, least sure first
    int hex_examples = 0, side_examples = 0;
    bool ok() const { return error.empty(); }
    // "woods (or rough)" for an unsure hex: its class and the runner-up.
    std::string hex_text(int index) const;
};

// ---- suggest -------------------------------------------------------------------------

// Samples `picture` through `to_pixel` (board units of hex_layout.hpp to pixels), names every hex
// and hexside after the examples and writes the suggestions into `b` (size and vocabulary set;
// what it held is replaced where a verdict is made), each marked suggested or unsure. Refused
// (Suggestion::error, `b` untouched) for an unknown name, an example off the board, a hexside
// example not near a hexside, or no example at all.
Suggestion suggest(Board& b, const image::Image& picture, const calibration::Projective& to_pixel,
                   const std::vector<Example>& examples, const SuggestOptions& options = {});

// The names an example may take, in the vocabulary's order: every hex terrain, every second-layer
// hex feature, every hexside feature (a hex example may also join a terrain and a feature,
// "l1-hilltop+woods-hex"). What --sample and the window's Examples step offer.
std::vector<std::string> example_names(const Vocabulary& v);

}  // namespace umpire::board
