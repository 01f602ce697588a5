// A Great Victory! on a table sketch: what the movement, fire and melee measuring share
// (table.cpp, table_fire.cpp; docs/tables.md "What is measured").
//
// Sections
//   features   a terrain feature by identity: the pieces of one hill (one `hill` name) are one hill,
//              any other piece is one feature; its name and its kind (the AGV situation's name)
//   overlaps   how far a base reaches into a feature, in words with the measurement
//   readings   a feature within the tolerance of touching a base, read the other way
//   questions  the fire measuring (table_fire.cpp), called by TableRules (table.cpp)
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "games/agv/rules.hpp"
#include "tabletop/measure.hpp"

namespace umpire::agv::table {

using tabletop::Measuring;
using tabletop::Piece;
namespace pl = umpire::plane;

// ---- features -------------------------------------------------------------------------

// The feature a piece belongs to, by its first piece in the table (a hill's pieces share one).
const Piece* feature_of(const Measuring& c, const Piece& p);
std::vector<const Piece*> pieces_of(const Measuring& c, const Piece* f);
// The features of these pieces, each once, in table order; drawn-only kinds left out.
std::vector<const Piece*> features_of(const Measuring& c, const std::vector<const Piece*>& ps);
// hill "Long Hill" (its `hill`), woods "Spinney" (the piece's name).
std::string feature_name(const Measuring& c, const Piece* f);
// The features' kinds: the AGV situation's names ("woods", "hill").
std::vector<std::string> kinds(const std::vector<const Piece*>& fs);
bool has_feature(const std::vector<const Piece*>& fs, const Piece* f);

// ---- overlaps -------------------------------------------------------------------------

// How far an outline reaches into a feature (its deepest piece): > 0 in it, < 0 apart.
double reach_into(const Measuring& c, const plane::Polygon& o, const Piece* f);
// How far segment s goes into a feature (its deepest piece): > 0 into it, < 0 clear of it by that
// much. A line piece the segment crosses counts its half width plus the least move that would
// clear it (a segment end or a line end that near), so a thin wall crossed in the middle is
// firmly between, not within the tolerance (tabletop::depth gives only the half width there).
double segment_depth(const Measuring& c, const pl::Segment& s, const Piece* f);
// The overlap in words: "50% of its area in it" (an area; "in its piece "Crest"" for a hill of
// several pieces) or "reaching 0.3 cm into its drawn width" (a line).
std::string overlap(const Measuring& c, const plane::Polygon& o, const Piece* f);
// "woods "Spinney" (50% of its area in it), stone-wall "Wall" (...)", or "nothing".
std::string list_in(const Measuring& c, const plane::Polygon& o, const std::vector<const Piece*>& fs);

// For the table view (TableView::overlaps): each piece of these features that outline `o` of base
// `b` touches, how far it reaches into it and the share of its area in it; `when` names the
// place ("at contact"), empty for where the base stands.
void record_overlaps(Measuring& c, const tabletop::Base& b, const pl::Polygon& o, const std::vector<const Piece*>& fs, const std::string& when = "");

// ---- readings -------------------------------------------------------------------------

// Each feature whose edge a base is within the tolerance of (touching it by at most that much, or
// missing it by at most that much): `with` gets the features read the other way and returns the
// situation keys they give; one Reading per feature (rule `rule`).
void touch_readings(Measuring& c, const tabletop::Base& b, const std::vector<const Piece*>& in, const std::string& rule,
                    const std::function<std::vector<std::pair<std::string, tabletop::Value>>(const std::vector<const Piece*>&)>& with);

// ---- questions ------------------------------------------------------------------------

// AGV-firing, AGV-cover, AGV-hills: the firer and each stand of the target unit (table_fire.cpp).
void measure_fire(const Data& d, const Section& root, Measuring& c);

}  // namespace umpire::agv::table
