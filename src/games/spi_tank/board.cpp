// TANK! line of sight on a board (see tank_board.hpp).
//
// Sections
//   1. vocabulary, rules      names and obstruction tables from rules data
//   2. line_of_sight          the full account of one line, item by item
//   3. visibility             the fast scan (walk_line visitor with early exit), all pairs
#include "games/spi_tank/board.hpp"

#include <algorithm>
#include <atomic>
#include <thread>

namespace umpire::spi_tank {

// =====================================================================================
// 1. vocabulary, rules
// =====================================================================================

const char* to_string(Sight s) {
    return s == Sight::clear ? "clear" : s == Sight::blocked ? "blocked" : "referee's call";
}

board::Vocabulary board_vocabulary(const Data& d) {
    board::Vocabulary v;
    v.system = "spi-tank";
    v.hex_terrain.push_back("clear");
    for (const auto& [mode, table] : d.terrain)
        for (const auto& [name, e] : table) {
            // The improved position is a unit's entrenchment (14.4), given in the situation.
            if (name == "improved-position") continue;
            // A hex row with only an addition (the wreck, 8.62) lies on a hex's ground: the second layer.
            const bool added = !e.hexside && !e.soft_defense && name != "clear";
            auto& list = e.hexside ? v.hexside_features : added ? v.hex_features : v.hex_terrain;
            if (std::find(list.begin(), list.end(), name) == list.end()) list.push_back(name);
        }
    if (std::find(v.hexside_features.begin(), v.hexside_features.end(), "slope") != v.hexside_features.end())
        v.directional.push_back("slope");  // 10.5: a slope protects only a unit on its sloped side
    for (const auto& [kind, a] : d.board_areas) v.area_kinds.push_back(kind);
    v.numbering = d.board;
    return v;
}

LosRules los_rules(const Data& d, const board::Board& b, Mode m) {
    LosRules r;
    r.mode = m;
    const auto& chart = d.terrain.at(m);
    for (const auto& name : b.vocabulary.hex_terrain) {
        auto it = chart.find(name);
        r.hex_obstructs.push_back(it != chart.end() && it->second.obstructs);
        r.hex_notes.push_back(it != chart.end() ? it->second.as_clear_note : "");
    }
    for (const auto& name : b.vocabulary.hex_features) {
        auto it = chart.find(name);
        r.feature_obstructs.push_back(it != chart.end() && it->second.obstructs);
    }
    for (const auto& name : b.vocabulary.hexside_features) {
        auto it = chart.find(name);
        r.side_obstructs.push_back(it != chart.end() && it->second.obstructs);
        r.side_notes.push_back(it != chart.end() ? it->second.as_clear_note : "");
    }
    for (const board::Area& a : b.areas) {
        const std::string& kind = b.vocabulary.area_kinds.at(std::size_t(a.kind));
        std::uint32_t mask = 0;
        std::string rule;
        if (auto k = d.board_areas.find(kind); k != d.board_areas.end()) {
            rule = k->second.rule;
            for (const auto& f : k->second.ignores) {
                const auto& feats = b.vocabulary.hexside_features;
                const auto at = std::find(feats.begin(), feats.end(), f);
                if (at != feats.end() && at - feats.begin() < 32) mask |= 1u << (at - feats.begin());
            }
        }
        r.area_ignores.push_back(mask);
        r.area_rule.push_back(rule);
        r.area_kind.push_back(kind);
    }
    return r;
}

// =====================================================================================
// 2. line_of_sight
// =====================================================================================

namespace {

bool side_of(const hex::Cube& h, int d, const hex::Cube& unit) { return h == unit || hex::neighbour(h, d) == unit; }

std::string between(const board::Board& b, const hex::Cube& h, int d) {
    return b.side_name(h, d) + " (between " + b.name(h) + " and " + b.name(hex::neighbour(h, d)) + ")";
}

// Why a terrain does not obstruct: open mode's note (10.61) or the chart (10.6).
std::string not_obstructing(const std::string& note, const std::string& mode) {
    return note.empty() ? "does not obstruct in " + mode + " mode (10.6)" : "does not obstruct: " + note + " (10.61)";
}

// The areas (bit i: Board::areas[i]) holding h, among those whose boundary can lose a feature.
std::uint32_t areas_holding(const board::Board& b, const LosRules& rules, const hex::Cube& h) {
    std::uint32_t m = 0;
    for (std::size_t i = 0; i < b.areas.size() && i < 32; ++i)
        if (rules.area_ignores[i] && b.in_area(b.areas[i], h)) m |= 1u << i;
    return m;
}

// The areas whose boundary the hexside between h and its neighbour d is and that ignore its
// feature f (10.26), given the areas holding each of its two hexes.
std::uint32_t boundary_ignoring(const LosRules& rules, std::uint32_t in_h, std::uint32_t in_n, int f) {
    std::uint32_t m = in_h ^ in_n, out = 0;
    for (std::size_t i = 0; m; ++i, m >>= 1)
        if ((m & 1) && (rules.area_ignores[i] >> f & 1)) out |= 1u << i;
    return out;
}

struct Judge {
    const board::Board& b;
    const LosRules& rules;
    hex::Cube firer, target;
    std::string mode;
    std::uint32_t units_in = 0;  // areas holding the firer or the target (10.26)

    // The area whose boundary feature on this hexside the line passes over: one of the areas
    // it bounds that ignore it, none of which holds a unit (10.26). -1: it obstructs as usual.
    int ignored_by(const hex::Cube& h, int d) const {
        const board::SideFeature* f = b.side(h, d);
        if (!f || rules.area_ignores.empty()) return -1;
        const std::uint32_t bound = boundary_ignoring(rules, areas_holding(b, rules, h), areas_holding(b, rules, hex::neighbour(h, d)), f->feature);
        if (!bound || (bound & units_in)) return -1;
        int i = 0;
        while (!(bound >> i & 1)) ++i;
        return i;
    }
    // A unit inside an area whose boundary this feature is: it obstructs as usual (10.26).
    int inside_of(const hex::Cube& h, int d) const {
        const board::SideFeature* f = b.side(h, d);
        if (!f || rules.area_ignores.empty()) return -1;
        const std::uint32_t bound = boundary_ignoring(rules, areas_holding(b, rules, h), areas_holding(b, rules, hex::neighbour(h, d)), f->feature) & units_in;
        int i = 0;
        if (!bound) return -1;
        while (!(bound >> i & 1)) ++i;
        return i;
    }
    std::string area_name(int i) const {
        const board::Area& a = b.areas[std::size_t(i)];
        return a.name.empty() ? "the " + rules.area_kind[std::size_t(i)] : a.name;
    }
    // "(the firer lies inside the depression, so its slopes obstruct, 10.26)"
    std::string inside_note(int i, const hex::Cube& h, int d) const {
        const board::Area& a = b.areas[std::size_t(i)];
        const bool f = b.in_area(a, firer), t = b.in_area(a, target);
        return "; " + std::string(f && t ? "both units lie" : f ? "the firer lies" : "the target lies") + " inside " + area_name(i) +
               ", so its " + b.vocabulary.hexside_features[std::size_t(b.side(h, d)->feature)] + "s obstruct as usual (" + rules.area_rule[std::size_t(i)] + ")";
    }
    // "slope 3806/D ignored: both units outside the depression around 3808, the line passes over it (10.26)"
    std::string ignored_text(const hex::Cube& h, int d, int i) const {
        return b.vocabulary.hexside_features[std::size_t(b.side(h, d)->feature)] + " " + b.side_name(h, d) + " ignored: both units outside " + area_name(i) +
               ", the line passes over it (" + rules.area_rule[std::size_t(i)] + ")";
    }

    // The hex's terrain, or a feature lying on it (10.21; a wreck does not, 10.6).
    bool hex_obstructs(const hex::Cube& h) const {
        const int t = b.terrain_index(h), k = b.hex_feature(h);
        return (t >= 0 && rules.hex_obstructs[std::size_t(t)]) || (k >= 0 && rules.feature_obstructs[std::size_t(k)]);
    }
    bool side_blocks(const hex::Cube& h, int d) const {  // 10.22A/C, 10.26
        const board::SideFeature* f = b.side(h, d);
        return f && rules.side_obstructs[std::size_t(f->feature)] && !side_of(h, d, firer) && !side_of(h, d, target) && ignored_by(h, d) < 0;
    }

    LosItem hex_item(const hex::Cube& h) const {
        LosItem it;
        it.kind = LosItem::hex;
        it.where = h;
        it.terrain = b.terrain(h);
        const int t = b.terrain_index(h), k = b.hex_feature(h);
        if (k >= 0) it.feature = b.vocabulary.hex_features[std::size_t(k)];
        it.obstructs = hex_obstructs(h);
        it.of_firer = h == firer;
        it.of_target = h == target;
        // "woods with a wreck in 0305" (8.62: the wreck lies on the hex's ground); "wreck in 0408" on clear.
        const bool on_clear = t == 0;
        const std::string head = (it.feature.empty() ? it.terrain : on_clear ? it.feature : it.terrain + " with a " + it.feature) + " in " + b.name(h);
        if (!it.obstructs) {
            it.rule = rules.hex_notes[std::size_t(t)].empty() ? "10.6" : "10.61";
            it.text = head + " " + not_obstructing(rules.hex_notes[std::size_t(t)], mode) +
                      (it.feature.empty() || on_clear ? "" : "; the " + it.feature + " does not obstruct either (10.6)");
        } else if (it.of_firer || it.of_target) {
            it.rule = "10.22B";
            it.text = head + " holds the " + std::string(it.of_firer ? "firer" : "target") + ", so it does not block (10.22B)";
        } else {
            it.blocks = true;
            it.rule = "10.22D";
            it.text = head + " blocks (10.22D)";
        }
        return it;
    }

    // An item at hexside d of h (`kind`: the hexside crossed, or run along), naming its feature `f` (none: nullptr).
    LosItem side_at(LosItem::Kind kind, const hex::Cube& h, int d, const board::SideFeature* f) const {
        LosItem it;
        it.kind = kind;
        it.where = h;
        it.side = d;
        if (f) it.terrain = b.vocabulary.hexside_features[std::size_t(f->feature)];
        return it;
    }

    LosItem side_item(const hex::Cube& h, int d) const {
        const board::SideFeature* f = b.side(h, d);
        LosItem it = side_at(LosItem::hexside, h, d, f);
        it.obstructs = rules.side_obstructs[std::size_t(f->feature)];
        it.of_firer = side_of(h, d, firer);
        it.of_target = side_of(h, d, target);
        const std::string head = it.terrain + " on " + between(b, h, d);
        const int over = it.obstructs ? ignored_by(h, d) : -1, inside = it.obstructs ? inside_of(h, d) : -1;
        if (!it.obstructs) {
            it.rule = rules.side_notes[std::size_t(f->feature)].empty() ? "10.6" : "10.61";
            it.text = head + " " + not_obstructing(rules.side_notes[std::size_t(f->feature)], mode);
        } else if (over >= 0) {  // 10.26: the line passes over the depression
            it.obstructs = false;
            it.ignored = true;
            it.rule = rules.area_rule[std::size_t(over)];
            it.text = ignored_text(h, d, over);
        } else if (it.of_firer || it.of_target) {
            it.rule = "10.22A";
            const std::string whose = it.of_firer && it.of_target ? "the firer's and the target's hexes" : it.of_firer ? "the firer's hex" : "the target's hex";
            it.text = head + " is a side of " + whose + ", so it does not block (10.22A)" + (inside >= 0 ? inside_note(inside, h, d) : "");
        } else {
            it.blocks = true;
            it.rule = "10.22C";
            it.text = head + " blocks (10.22C)" + (inside >= 0 ? inside_note(inside, h, d) : "");
        }
        return it;
    }

    // A run along the hexside between p and q (10.23, 10.24): judged from both sides.
    LosItem along_item(const hex::Cube& p, int d) const {
        const board::SideFeature* f = b.side(p, d);
        LosItem it = side_at(LosItem::along, p, d, f);
        const hex::Cube q = hex::neighbour(p, d);
        it.beside[0] = b.terrain(p);
        it.beside[1] = b.terrain(q);
        const int over = f && rules.side_obstructs[std::size_t(f->feature)] ? ignored_by(p, d) : -1;
        const bool side_obs = f && rules.side_obstructs[std::size_t(f->feature)] && over < 0;
        const bool p_obs = hex_obstructs(p), q_obs = hex_obstructs(q);
        it.obstructs = side_obs || p_obs || q_obs;
        std::string head = "the line runs along " + between(b, p, d) + ", " + (it.beside[0].empty() ? "off the board" : it.beside[0]) +
                           " in " + b.name(p) + " and " + (it.beside[1].empty() ? "off the board" : it.beside[1]) + " in " + b.name(q);
        if (side_obs) {
            it.blocks = true;
            it.rule = "10.23";
            it.text = head + ": the " + it.terrain + " hexside there blocks (10.23)";
        } else if (p_obs || q_obs) {
            it.blocks = true;
            it.rule = "10.24";
            it.text = head + ": a side of the " + (p_obs ? b.terrain(p) + " hex " + b.name(p) : b.terrain(q) + " hex " + b.name(q)) +
                      " blocks in " + mode + " mode (10.24)";
        } else if (over >= 0) {  // 10.26, nothing else beside the line obstructs
            it.ignored = true;
            it.rule = rules.area_rule[std::size_t(over)];
            it.text = head + ": " + ignored_text(p, d, over);
        } else {
            it.rule = "10.23";
            it.text = head + (f ? ": the " + it.terrain + " hexside " + not_obstructing(rules.side_notes[std::size_t(f->feature)], mode) : std::string(": nothing there obstructs")) +
                      " (10.23, 10.24)";
        }
        if (side_obs && inside_of(p, d) >= 0) it.text += inside_note(inside_of(p, d), p, d);
        return it;
    }
};

bool directional(const board::Board& b, const board::SideFeature& f) {
    const auto& dir = b.vocabulary.directional;
    return std::find(dir.begin(), dir.end(), b.vocabulary.hexside_features[std::size_t(f.feature)]) != dir.end();
}

std::string corner_name(const board::Board& b, const hex::Cube& x, const hex::Cube& y, const hex::Cube& z) {
    return "the corner of " + b.name(x) + ", " + b.name(y) + " and " + b.name(z);
}

}  // namespace

LineOfSight line_of_sight(const board::Board& b, const LosRules& rules, const hex::Cube& firer, const hex::Cube& target) {
    LineOfSight los;
    los.firer = firer;
    los.target = target;
    los.range = hex::distance(firer, target);
    hex::trace_into(firer, target, los.trace);
    const Judge j{b, rules, firer, target, to_string(rules.mode), areas_holding(b, rules, firer) | areas_holding(b, rules, target)};

    // Items in line order: hexes (with a feature or non-clear terrain), hexsides crossed, runs along.
    struct Ordered { hex::Frac at; int order; LosItem item; };
    std::vector<Ordered> all;
    int n = 0;
    for (const auto& h : los.trace.hexes) {
        if (h.contact != hex::Contact::crosses) continue;
        const int t = b.terrain_index(h.hex);
        if (t < 0 || (t == 0 && b.hex_feature(h.hex) < 0)) continue;  // off the board, or clear with nothing on it
        all.push_back({h.enter, n++, j.hex_item(h.hex)});
    }
    for (const auto& s : los.trace.sides) {
        if (s.kind == hex::SideMeet::along) {
            all.push_back({s.at, n++, j.along_item(s.hex, s.side)});
        } else if (b.side(s.hex, s.side)) {
            all.push_back({s.at, n++, j.side_item(s.hex, s.side)});
        }
    }
    std::stable_sort(all.begin(), all.end(), [](const Ordered& x, const Ordered& y) { return x.at < y.at; });
    for (auto& o : all) los.items.push_back(std::move(o.item));
    for (const auto& it : los.items)
        if (it.blocks && los.verdict != Sight::blocked) los.verdict = Sight::blocked, los.blocker = it.text;

    // Corners (not on a hexspine): both readings.
    if (!los.trace.hexspine) {
        for (const auto& v : los.trace.vertices) {
            CornerReading c;
            c.at = v.at;
            c.left = v.hexes[0], c.touched = v.hexes[1], c.entered = v.hexes[2];
            const int d_lt = *hex::direction_to(c.left, c.touched), d_te = *hex::direction_to(c.touched, c.entered);
            const int d_le = *hex::direction_to(c.left, c.entered);
            std::vector<std::string> why;
            if (j.hex_obstructs(c.touched)) why.push_back(b.terrain(c.touched) + " in " + b.name(c.touched) + " (10.22D)");
            for (auto [h, d] : {std::pair{c.left, d_lt}, std::pair{c.touched, d_te}})
                if (j.side_blocks(h, d)) why.push_back(b.vocabulary.hexside_features[std::size_t(b.side(h, d)->feature)] + " on " + between(b, h, d) + " (10.22C)");
            c.through_blocks = !why.empty();
            c.through_text = "read as passing through " + b.name(c.touched) + ": " + (why.empty() ? std::string("nothing there blocks") : "blocked by " + why.front());
            for (std::size_t i = 1; i < why.size(); ++i) c.through_text += " and " + why[i];
            c.past_blocks = j.side_blocks(c.left, d_le);
            c.side_ignored[0] = j.ignored_by(c.left, d_lt) >= 0;
            c.side_ignored[1] = j.ignored_by(c.touched, d_te) >= 0;
            c.side_ignored[2] = j.ignored_by(c.left, d_le) >= 0;
            c.past_text = "read as passing between " + b.name(c.left) + " and " + b.name(c.entered) + ": " +
                          (c.past_blocks ? "blocked by " + b.vocabulary.hexside_features[std::size_t(b.side(c.left, d_le)->feature)] + " on " + between(b, c.left, d_le) + " (10.22C)"
                                         : std::string("nothing there blocks"));
            const std::string where = corner_name(b, c.left, c.touched, c.entered);
            if (c.through_blocks && c.past_blocks && los.verdict != Sight::blocked) {
                los.verdict = Sight::blocked;
                los.blocker = "the line through " + where + ", either way: " + c.through_text + "; " + c.past_text;
            } else if (c.through_blocks != c.past_blocks && los.verdict == Sight::clear) {
                los.verdict = Sight::referee_call;
                los.blocker = "the line passes exactly through " + where + " (the rules are silent): " + c.through_text + "; " + c.past_text;
            }
            los.corners.push_back(std::move(c));
        }
    }

    // A hexspine: at each corner where the line leaves a hex's centre for a run along a hexside (or
    // ends one), the hex's two other sides there are met only at their end (SideEnd).
    if (los.trace.hexspine) {
        for (std::size_t k = 0; k < los.trace.vertices.size(); ++k) {
            const auto& v = los.trace.vertices[k];
            const bool joins = k % 2 == 0;  // (centre, p, q) where the run along p|q starts, (p, q, centre) where it ends
            const hex::Cube centre = joins ? v.hexes[0] : v.hexes[2];
            for (const hex::Cube& o : {joins ? v.hexes[1] : v.hexes[0], joins ? v.hexes[2] : v.hexes[1]}) {
                const int d = *hex::direction_to(centre, o);
                if (!j.side_blocks(centre, d)) continue;
                const std::string feature = b.vocabulary.hexside_features[std::size_t(b.side(centre, d)->feature)];
                const std::string run = between(b, v.hexes[joins ? 1 : 0], *hex::direction_to(v.hexes[joins ? 1 : 0], v.hexes[joins ? 2 : 1]));
                SideEnd e{v.at, centre, d,
                          "the line meets the " + feature + " on " + between(b, centre, d) + " only at its end, where it " +
                              (joins ? "leaves " + b.name(centre) + "'s centre to run along " : "ends its run along ") + run +
                              " (the rules are silent): read as meeting it, blocked (10.22C); read as not, clear"};
                if (los.verdict == Sight::clear) los.verdict = Sight::referee_call, los.blocker = e.text;
                los.side_ends.push_back(std::move(e));
            }
        }
    }

    // The side(s) of the target's hex the fire comes through (10.61).
    if (los.range > 0) {
        const auto& tr = los.trace;
        bool found = false;
        if (!tr.vertices.empty()) {
            const auto& v = tr.vertices.back();
            if (v.hexes[2] == target) {
                if (tr.hexspine) {  // arrives along lo|hi at the corner of the target's hex
                    los.target_entry_sides.push_back(*hex::direction_to(target, v.hexes[0]));
                    los.target_entry_sides.push_back(*hex::direction_to(target, v.hexes[1]));
                } else {  // through the touched hex's side, or the left hex's
                    los.target_entry_sides.push_back(*hex::direction_to(target, v.hexes[1]));
                    los.target_entry_sides.push_back(*hex::direction_to(target, v.hexes[0]));
                }
                found = true;
            }
        }
        if (!found)
            for (const auto& s : tr.sides)
                if (s.kind == hex::SideMeet::crossed && hex::neighbour(s.hex, s.side) == target)
                    los.target_entry_sides.assign(1, (s.side + 3) % 6);
    }
    return los;
}

json::Object los_json(const board::Board& b, const LineOfSight& los) {
    json::Object o;
    o.emplace_back("firer_hex", b.name(los.firer));
    o.emplace_back("target_hex", b.name(los.target));
    o.emplace_back("range", los.range);
    json::Array hexes, crossed, along, corners;
    for (const auto& h : los.trace.hexes)
        if (h.contact == hex::Contact::crosses && h.hex != los.firer && h.hex != los.target) hexes.push_back(b.name(h.hex));
    for (const auto& s : los.trace.sides)
        (s.kind == hex::SideMeet::crossed ? crossed : along).push_back(b.side_name(s.hex, s.side));
    for (const auto& v : los.trace.vertices) {
        json::Array at;
        for (const auto& h : v.hexes) at.push_back(b.name(h));
        corners.push_back(std::move(at));
    }
    o.emplace_back("hexes", std::move(hexes));
    o.emplace_back("hexsides_crossed", std::move(crossed));
    o.emplace_back("hexsides_along", std::move(along));
    o.emplace_back("corners", std::move(corners));
    json::Array items;
    for (const auto& it : los.items) {
        json::Object x;
        x.emplace_back("kind", it.kind == LosItem::hex ? "hex" : it.kind == LosItem::hexside ? "hexside" : "along-hexside");
        x.emplace_back("at", it.kind == LosItem::hex ? b.name(it.where) : b.side_name(it.where, it.side));
        if (it.kind == LosItem::along) x.emplace_back("between", json::Array{b.name(it.where), b.name(hex::neighbour(it.where, it.side))});
        x.emplace_back("terrain", it.kind == LosItem::along && it.terrain.empty() ? json::Value() : json::Value(it.terrain));
        if (!it.feature.empty()) x.emplace_back(it.feature, true);  // "wreck": true (8.62), as an obstacle's key
        if (it.kind == LosItem::along) x.emplace_back("beside", json::Array{it.beside[0], it.beside[1]});
        x.emplace_back("obstructs", it.obstructs);
        x.emplace_back("of_firer", it.of_firer);
        x.emplace_back("of_target", it.of_target);
        x.emplace_back("blocks", it.blocks);
        if (it.ignored) x.emplace_back("ignored", true);  // 10.26: passed over (both units outside a depression)
        x.emplace_back("rule", it.rule);
        x.emplace_back("text", it.text);
        items.push_back(std::move(x));
    }
    o.emplace_back("items", std::move(items));
    json::Array readings;
    for (const auto& c : los.corners) {
        json::Object x;
        x.emplace_back("hexes", json::Array{b.name(c.left), b.name(c.touched), b.name(c.entered)});
        x.emplace_back("through_blocks", c.through_blocks);
        x.emplace_back("past_blocks", c.past_blocks);
        x.emplace_back("through", c.through_text);
        x.emplace_back("past", c.past_text);
        readings.push_back(std::move(x));
    }
    o.emplace_back("corner_readings", std::move(readings));
    json::Array ends;
    for (const auto& e : los.side_ends)
        ends.push_back(json::Object{{"hexside", b.side_name(e.where, e.side)}, {"terrain", b.vocabulary.hexside_features[std::size_t(b.side(e.where, e.side)->feature)]}, {"text", e.text}});
    o.emplace_back("hexside_ends", std::move(ends));
    json::Array entry;
    for (int d : los.target_entry_sides) {
        const board::SideFeature* f = b.side(los.target, d);
        json::Object x;
        x.emplace_back("side", b.side_name(los.target, d));
        x.emplace_back("feature", f ? json::Value(b.vocabulary.hexside_features[std::size_t(f->feature)]) : json::Value());
        if (f && directional(b, *f))
            x.emplace_back("target_on_sloped_side", f->sloped == los.target);
        entry.push_back(std::move(x));
    }
    o.emplace_back("target_entry_sides", std::move(entry));
    o.emplace_back("verdict", to_string(los.verdict));
    o.emplace_back("blocker", los.blocker.empty() ? json::Value() : json::Value(los.blocker));
    return o;
}

std::string los_text(const board::Board& b, const LineOfSight& los) {
    std::string out = "Line of sight " + b.name(los.firer) + " -> " + b.name(los.target) + ", range " + std::to_string(los.range) + " (8.3): ";
    out += los.verdict == Sight::clear ? "CLEAR" : los.verdict == Sight::blocked ? "BLOCKED" : "REFEREE'S CALL";
    if (!los.blocker.empty()) out += " — " + los.blocker;
    out += "\n";
    auto list = [](const std::vector<std::string>& v) {
        std::string s;
        for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
        return s.empty() ? std::string("none") : s;
    };
    std::vector<std::string> hexes, crossed, along, corners;
    for (const auto& h : los.trace.hexes) {
        if (h.contact != hex::Contact::crosses) continue;
        const std::string t = b.terrain(h.hex);
        const int k = b.hex_feature(h.hex);
        hexes.push_back(b.name(h.hex) + " " + (t.empty() ? "off the board" : t) + (k >= 0 ? " with a " + b.vocabulary.hex_features[std::size_t(k)] : "") + (h.hex == los.firer ? " (firer)" : h.hex == los.target ? " (target)" : ""));
    }
    for (const auto& s : los.trace.sides) {
        const board::SideFeature* f = b.side(s.hex, s.side);
        const std::string name = b.side_name(s.hex, s.side) + (f ? " " + b.vocabulary.hexside_features[std::size_t(f->feature)] : "");
        (s.kind == hex::SideMeet::crossed ? crossed : along).push_back(name);
    }
    for (const auto& v : los.trace.vertices) corners.push_back("[" + b.name(v.hexes[0]) + " " + b.name(v.hexes[1]) + " " + b.name(v.hexes[2]) + "]");
    out += "  hexes: " + list(hexes) + "\n";
    out += "  hexsides crossed: " + list(crossed) + "\n";
    out += "  hexsides along: " + list(along) + "\n";
    out += "  corners: " + list(corners) + "\n";
    for (const auto& it : los.items) out += "  " + it.rule + ": " + it.text + "\n";
    for (const auto& c : los.corners)
        out += "  corner " + b.name(c.left) + "/" + b.name(c.touched) + "/" + b.name(c.entered) + ": " + c.through_text + "; " + c.past_text + "\n";
    for (const auto& e : los.side_ends) out += "  hexside end " + b.side_name(e.where, e.side) + ": " + e.text + "\n";
    for (int d : los.target_entry_sides) {
        const board::SideFeature* f = b.side(los.target, d);
        out += "  fire enters the target's hex through " + b.side_name(los.target, d) +
               (f ? " (" + b.vocabulary.hexside_features[std::size_t(f->feature)] + (directional(b, *f) ? (f->sloped == los.target ? ", target on its sloped side" : ", target on its unsloped side") : "") + ")" : " (no feature)") +
               (los.target_entry_sides.size() > 1 ? " in one reading of the corner" : "") + " (10.61)\n";
    }
    return out;
}

// =====================================================================================
// 3. visibility
// =====================================================================================

namespace {

// What obstructs where, for one board and mode, one byte per hex: bit 0 the hex's terrain
// obstructs, bit 1 + d its side d carries an obstructing feature (all six sides, so a hexside
// is one look-up from either hex). Indexed by the cube coordinates directly (q, r), not by hex
// number, so the walk's hexes need no conversion: the array covers the grid one hex wider than
// the board (a line between two board hexes never strays further) plus one more hex, and reads
// 0 (nothing obstructs) outside it, as Board::side and Board::terrain_index do off their grids.
// The scan's look-ups are forced inline: walk_line calls its visitor from six places, and a
// call per hex met was a third of a visibility map's time.
#if defined(__GNUC__)
#define UMPIRE_SCAN_INLINE __attribute__((always_inline)) inline
#else
#define UMPIRE_SCAN_INLINE inline
#endif
struct Grid {
    int q0 = 0, r0 = 0;          // the cube coordinates of flags[0]
    int width = 0, height = 0;   // q and r extents
    std::vector<std::uint8_t> flags;

    UMPIRE_SCAN_INLINE std::uint8_t at(const hex::Cube& h) const {
        const unsigned x = unsigned(h.q - q0), y = unsigned(h.r - r0);
        return x < unsigned(width) && y < unsigned(height) ? flags[std::size_t(x) * std::size_t(height) + y] : std::uint8_t(0);
    }
    UMPIRE_SCAN_INLINE bool hex_obstructs(const hex::Cube& h) const { return at(h) & 1; }
    UMPIRE_SCAN_INLINE bool side_obstructs(const hex::Cube& h, int d) const { return at(h) >> (1 + d) & 1; }
};

// Per board hex (Board::index), the areas holding it (as areas_holding); empty when no area of
// the board changes anything, so one grid serves every pair.
std::vector<std::uint32_t> area_masks(const board::Board& b, const LosRules& rules) {
    if (std::all_of(rules.area_ignores.begin(), rules.area_ignores.end(), [](std::uint32_t m) { return m == 0; })) return {};
    std::vector<std::uint32_t> out(std::size_t(b.hex_count()), 0);
    for (std::size_t i = 0; i < b.areas.size() && i < 32; ++i)
        if (rules.area_ignores[i])
            for (int h : b.areas[i].hexes) out[std::size_t(h)] |= 1u << i;
    return out;
}

// Built from the board's storage directly (each stored hexside once, marked on both its hexes),
// not by asking Board::side six times per hex: a visibility map builds one per call. With areas
// (masks not empty) the grid is for lines whose units lie in the areas `units_in`: a boundary
// feature of an area holding neither unit is left out (10.26).
Grid make_grid(const board::Board& b, const LosRules& rules, const std::vector<std::uint32_t>& masks = {}, std::uint32_t units_in = 0) {
    Grid g;
    // Offset columns -1 .. columns + 2 and rows -1 .. rows + 2, as a (q, r) rectangle.
    int rmin = 1 << 30, rmax = -(1 << 30);
    for (int c = -1; c <= b.columns + 2; ++c) {
        rmin = std::min(rmin, b.numbering.to_cube(c, -1).r);
        rmax = std::max(rmax, b.numbering.to_cube(c, b.rows + 2).r);
    }
    g.q0 = -1;
    g.r0 = rmin;
    g.width = b.columns + 4;
    g.height = rmax - rmin + 1;
    g.flags.assign(std::size_t(g.width) * std::size_t(g.height), 0);
    auto cell = [&g](const hex::Cube& h) -> std::uint8_t& {
        return g.flags[std::size_t(h.q - g.q0) * std::size_t(g.height) + std::size_t(h.r - g.r0)];
    };
    for (int c = 1; c <= b.columns; ++c)
        for (int r = 1; r <= b.rows; ++r) {
            const std::size_t i = std::size_t((c - 1) * b.rows + (r - 1));
            const int t = b.terrain_of[i], k = b.feature_of.empty() ? 0 : int(b.feature_of[i]);  // k: 0 none, else 1 + feature
            if (rules.hex_obstructs[std::size_t(t)] || (k > 0 && rules.feature_obstructs[std::size_t(k - 1)])) cell(b.numbering.to_cube(c, r)) |= 1;
        }
    // Board::side_slot: hex (c, r) of the grid one wider than the board holds its sides A-C, in
    // slot ((c * (rows + 2) + r) * 3 + d). Only the slots the board set can hold a feature.
    for (const std::size_t slot : b.sides_of.slots()) {
        const board::SideFeature& sf = b.sides_of[slot];
        if (sf.feature < 0 || !rules.side_obstructs[std::size_t(sf.feature)]) continue;
        const int d = int(slot % 3), c = int(slot / 3) / (b.rows + 2), r = int(slot / 3) % (b.rows + 2);
        const hex::Cube h = b.numbering.to_cube(c, r);
        if (!masks.empty()) {
            auto in = [&](const hex::Cube& x) { const int i = b.index(x); return i < 0 ? 0u : masks[std::size_t(i)]; };
            const std::uint32_t bound = boundary_ignoring(rules, in(h), in(hex::neighbour(h, d)), sf.feature);
            if (bound && !(bound & units_in)) continue;  // 10.26: the line passes over it
        }
        cell(h) |= std::uint8_t(2 << d);
        cell(hex::neighbour(h, d)) |= std::uint8_t(2 << (d + 3));
    }
    return g;
}

// The walk's visitor for the fast scan: the grid's flags, stop at the first block. Its calls are
// forced inline (see Grid). The grid is tested first; the firer/target exceptions only then.
struct Scan {
    const Grid& grid;
    hex::Cube firer, target;
    bool hexspine = false;
    VisibilityCell cell;
    int corners_met = 0;  // on a hexspine: even where a run along a hexside starts, odd where it ends

    UMPIRE_SCAN_INLINE bool hex_obstructs(const hex::Cube& h) const { return grid.hex_obstructs(h); }
    UMPIRE_SCAN_INLINE bool side_obstructs(const hex::Cube& h, int d) const { return grid.side_obstructs(h, d); }
    UMPIRE_SCAN_INLINE bool side_blocks(const hex::Cube& h, int d) const {
        return side_obstructs(h, d) && !side_of(h, d, firer) && !side_of(h, d, target);
    }
    bool block(LosItem::Kind k, const hex::Cube& at, int side) {
        cell.sight = Sight::blocked;
        cell.kind = std::uint8_t(k);
        cell.at = at;
        cell.side = std::int8_t(side);
        return false;
    }
    UMPIRE_SCAN_INLINE bool on_hex(const hex::Cube& h, hex::Contact c, hex::Frac, hex::Frac) {
        if (!hex_obstructs(h)) return true;
        if (c == hex::Contact::crosses) {
            if (!(h == firer) && !(h == target)) return block(LosItem::hex, h, -1);  // 10.22D
        } else if (c == hex::Contact::along) {
            return block(LosItem::along, h, -1);  // 10.24
        }
        return true;
    }
    UMPIRE_SCAN_INLINE bool on_side(const hex::Cube& h, int d, hex::SideMeet::Kind k, hex::Frac, hex::Frac) {
        if (!side_obstructs(h, d)) return true;
        if (k == hex::SideMeet::along) return block(LosItem::along, h, d);  // 10.23
        if (!side_of(h, d, firer) && !side_of(h, d, target)) return block(LosItem::hexside, h, d);  // 10.22C
        return true;
    }
    bool on_vertex(hex::Frac, const hex::Cube& left, const hex::Cube& touched, const hex::Cube& entered) {
        // The three hexes are pairwise adjacent: each direction is the unit vector between them.
        using hex::walk_detail::direction_of;
        if (hexspine) {  // an obstructing side of the centre hex met only at its end (SideEnd)
            const bool joins = corners_met++ % 2 == 0;
            const hex::Cube& centre = joins ? left : entered;
            const hex::Cube& o1 = joins ? touched : left;
            const hex::Cube& o2 = joins ? entered : touched;
            if (cell.sight == Sight::clear && (side_blocks(centre, direction_of(o1 - centre)) || side_blocks(centre, direction_of(o2 - centre))))
                cell.sight = Sight::referee_call, cell.at = centre;
            return true;
        }
        const bool through = hex_obstructs(touched) || side_blocks(left, direction_of(touched - left)) ||
                             side_blocks(touched, direction_of(entered - touched));
        const bool past = side_blocks(left, direction_of(entered - left));
        if (through && past) {
            cell.sight = Sight::blocked;
            cell.kind = 3;
            cell.at = touched;
            cell.side = -1;
            return false;
        }
        if (through != past && cell.sight == Sight::clear) {
            cell.sight = Sight::referee_call;
            cell.at = touched;
        }
        return true;
    }
};
#undef UMPIRE_SCAN_INLINE

VisibilityCell scan(const Grid& grid, const hex::Cube& from, const hex::Cube& to) {
    Scan s{grid, from, to, false, {}, 0};
    const hex::Cube D = to - from;
    s.hexspine = (D.q == D.r || D.r == D.s || D.s == D.q) && !(D.q == 0 && D.r == 0);
    hex::walk_line(from, to, s);
    return s.cell;
}

// The grids for the lines of a board with areas, one per set of areas holding either unit (10.26),
// built when first asked for (or all at once, for threads that only read them).
struct Grids {
    const board::Board& b;
    const LosRules& rules;
    std::vector<std::uint32_t> masks;
    std::vector<std::pair<std::uint32_t, Grid>> built;

    const Grid& get(std::uint32_t units_in) {
        for (const auto& [k, g] : built)
            if (k == units_in) return g;
        built.emplace_back(units_in, make_grid(b, rules, masks, units_in));
        return built.back().second;
    }
    const Grid& find(std::uint32_t units_in) const {  // after build_all
        for (const auto& [k, g] : built)
            if (k == units_in) return g;
        return built.front().second;
    }
    void build_all() {  // every pair of the masks the hexes have
        std::vector<std::uint32_t> seen(masks.begin(), masks.end());
        std::sort(seen.begin(), seen.end());
        seen.erase(std::unique(seen.begin(), seen.end()), seen.end());
        for (std::uint32_t x : seen)
            for (std::uint32_t y : seen) get(x | y);
    }
};

}  // namespace

void visibility(const board::Board& b, const LosRules& rules, const hex::Cube& from, std::vector<VisibilityCell>& out) {
    out.resize(std::size_t(b.hex_count()));
    Grids grids{b, rules, area_masks(b, rules), {}};
    if (grids.masks.empty()) {
        const Grid grid = make_grid(b, rules);
        std::size_t i = 0;  // board order: column by column (Board::index), without a division per hex
        for (int c = 1; c <= b.columns; ++c)
            for (int r = 1; r <= b.rows; ++r) out[i++] = scan(grid, from, b.numbering.to_cube(c, r));
        return;
    }
    const int fi = b.index(from);
    const std::uint32_t mf = fi < 0 ? 0 : grids.masks[std::size_t(fi)];
    std::size_t i = 0;
    for (int c = 1; c <= b.columns; ++c)
        for (int r = 1; r <= b.rows; ++r, ++i) out[i] = scan(grids.get(mf | grids.masks[i]), from, b.numbering.to_cube(c, r));
}

std::vector<Sight> visibility_all(const board::Board& b, const LosRules& rules, unsigned threads) {
    const int n = b.hex_count();
    std::vector<Sight> out(std::size_t(n) * std::size_t(n), Sight::clear);
    Grids grids{b, rules, area_masks(b, rules), {}};
    if (grids.masks.empty()) grids.built.emplace_back(0u, make_grid(b, rules));
    else grids.build_all();
    const Grids& ready = grids;
    const bool one = grids.masks.empty();
    std::vector<hex::Cube> cubes(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) cubes[std::size_t(i)] = b.hex_at(i);
    if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
    std::atomic<int> next{0};
    auto work = [&]() {
        // Rows are taken one at a time (row i does n - i - 1 lines, so fixed blocks would be uneven).
        for (int i = next++; i < n; i = next++)
            for (int k = i + 1; k < n; ++k) {
                const Grid& grid = one ? ready.built.front().second : ready.find(ready.masks[std::size_t(i)] | ready.masks[std::size_t(k)]);
                const Sight s = scan(grid, cubes[std::size_t(i)], cubes[std::size_t(k)]).sight;
                out[std::size_t(i) * std::size_t(n) + std::size_t(k)] = s;
                out[std::size_t(k) * std::size_t(n) + std::size_t(i)] = s;
            }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    return out;
}

}  // namespace umpire::spi_tank
