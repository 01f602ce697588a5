// TANK!'s answers to the board view (board/board_support.hpp): the marks a ruling on a board
// carries (board_marks, built by apply_board from the very line_of_sight it rules by,
// games/spi_tank/board.cpp), the visibility map, a ruling against the window's own board with the
// units placed typed, and the kill-chance overlay.
//
// Sections
//   1. marks        LineOfSight -> BoardMarks: every hex and hexside the line meets, with its sentence
//   2. TankSupport  the BoardSupport of TANK!, and SpiTank's constructor/board_support()
#include <algorithm>

#include "board/board_support.hpp"
#include "games/spi_tank/rules.hpp"
#include "games/spi_tank/board.hpp"

namespace umpire::spi_tank {
namespace {

// =====================================================================================
// 1. marks
// =====================================================================================

view::Mark mark_of(Sight s) {
    return s == Sight::clear ? view::Mark::clear : s == Sight::blocked ? view::Mark::blocking : view::Mark::referee_call;
}

// A later, stronger mark wins: blocking over a referee's call over clear (the same hexside can
// be both crossed and a corner's side).
void raise(view::Mark& m, std::string& text, view::Mark now, const std::string& why) {
    auto rank = [](view::Mark x) { return x == view::Mark::blocking ? 3 : x == view::Mark::referee_call ? 2 : x == view::Mark::clear ? 1 : 0; };
    if (rank(now) > rank(m)) m = now, text = why;
    else if (rank(now) == rank(m) && !why.empty() && text.find(why) == std::string::npos) text += text.empty() ? why : "; " + why;
}

struct MarkBuilder {
    const board::Board& b;
    view::BoardMarks out;

    view::BoardHexMark& hex(const hex::Cube& h) {
        for (auto& m : out.hexes)
            if (m.hex == h) return m;
        out.hexes.push_back({h, view::Mark::none, ""});
        return out.hexes.back();
    }
    view::BoardSideMark& side(const hex::Cube& h, int d) {
        const hex::Cube o = hex::neighbour(h, d);
        for (auto& m : out.sides)
            if ((m.hex == h && m.side == d) || (m.hex == o && m.side == (d + 3) % 6)) return m;
        out.sides.push_back({h, d, view::Mark::none, ""});
        return out.sides.back();
    }
};

}  // namespace

view::BoardMarks board_marks(const board::Board& b, const LineOfSight& los) {
    MarkBuilder m{b, {}};
    m.out.firer = los.firer;
    m.out.target = los.target;
    // Every hex the line enters, then what the ruling says about it.
    for (const auto& h : los.trace.hexes) {
        if (h.contact != hex::Contact::crosses) continue;
        auto& x = m.hex(h.hex);
        const std::string t = b.terrain(h.hex);
        const std::string who = h.hex == los.firer ? " (the firer's hex)" : h.hex == los.target ? " (the target's hex)" : "";
        raise(x.mark, x.text, view::Mark::clear, (t.empty() ? "off the board" : t) + " in " + b.name(h.hex) + who + ": the line passes through");
    }
    for (const auto& s : los.trace.sides) {
        if (s.kind != hex::SideMeet::crossed || b.side(s.hex, s.side)) continue;
        auto& x = m.side(s.hex, s.side);
        raise(x.mark, x.text, view::Mark::clear, "the line crosses " + b.side_name(s.hex, s.side) + " (no feature)");
    }
    for (const auto& it : los.items) {
        const view::Mark mk = it.blocks ? view::Mark::blocking : view::Mark::clear;
        if (it.kind == LosItem::hex) {
            auto& x = m.hex(it.where);
            x.mark = mk, x.text = it.text;  // the ruling's own sentence replaces the plain one
        } else {
            auto& x = m.side(it.where, it.side);
            if (x.mark == view::Mark::none || x.mark == view::Mark::clear) x.text.clear();
            raise(x.mark, x.text, mk, it.text);
            if (it.kind == LosItem::along) {  // 10.24: both hexes beside it are shown
                for (const hex::Cube& h : {it.where, hex::neighbour(it.where, it.side)}) {
                    auto& hx = m.hex(h);
                    const int t = b.terrain_index(h);
                    const bool blocks_here = it.blocks && it.rule == "10.24" && t >= 0 && it.text.find(b.terrain(h) + " hex " + b.name(h)) != std::string::npos;
                    raise(hx.mark, hx.text, blocks_here ? view::Mark::blocking : view::Mark::clear,
                          (t < 0 ? std::string("off the board") : b.terrain(h)) + " in " + b.name(h) + ", beside the line along " + b.side_name(it.where, it.side) + " (10.24)");
                }
            }
        }
    }
    // Corners: the hex that only touches the corner and the three hexsides meeting there carry
    // the two readings; where they differ it is the referee's call.
    for (const auto& c : los.corners) {
        const view::Mark mk = c.through_blocks && c.past_blocks ? view::Mark::blocking
                              : c.through_blocks != c.past_blocks ? view::Mark::referee_call
                                                                  : view::Mark::clear;
        const std::string why = "the line passes exactly through the corner of " + b.name(c.left) + ", " + b.name(c.touched) + " and " +
                                b.name(c.entered) + " (the rules are silent): " + c.through_text + "; " + c.past_text;
        auto& hx = m.hex(c.touched);
        raise(hx.mark, hx.text, mk, why);
        for (auto [x, y] : {std::pair{c.left, c.touched}, std::pair{c.touched, c.entered}, std::pair{c.left, c.entered}}) {
            auto& sx = m.side(x, *hex::direction_to(x, y));
            raise(sx.mark, sx.text, mk, why);
        }
    }
    for (const auto& e : los.side_ends) {  // a hexside met only at its end (the rules are silent)
        auto& sx = m.side(e.where, e.side);
        raise(sx.mark, sx.text, view::Mark::referee_call, e.text);
    }
    view::BoardLine line;
    line.label = "line of sight";
    line.from = {los.firer, -1};
    line.to = {los.target, -1};
    line.mark = mark_of(los.verdict);
    m.out.verdict = line.mark;
    m.out.summary = b.name(los.firer) + " to " + b.name(los.target) + ", range " + std::to_string(los.range) + " (8.3): " +
                    (los.verdict == Sight::clear ? std::string("clear") : los.verdict == Sight::blocked ? "blocked" : "referee's call") +
                    (los.blocker.empty() ? std::string() : ": " + los.blocker);
    line.text = m.out.summary;
    m.out.lines.push_back(std::move(line));
    return std::move(m.out);
}

namespace {

// =====================================================================================
// 2. TankSupport
// =====================================================================================

class TankSupport final : public view::BoardSupport {
public:
    explicit TankSupport(const SpiTank& sys) : sys_(sys), d_(sys.data()), vocabulary_(board_vocabulary(d_)) {}

    const board::Vocabulary& vocabulary() const override { return vocabulary_; }
    std::vector<std::string> modes() const override { return {"closed", "mixed", "open"}; }

    // The terrain mode as the ruling reads the situation's terrain_mode (mode_named): one reading, no default.
    bool visibility(const board::Board& b, const std::string& mode, const hex::Cube& from, std::vector<view::Mark>& out) const override {
        out.clear();
        const std::optional<Mode> m = mode_named(mode);
        if (!m) return false;
        std::vector<VisibilityCell> cells;
        spi_tank::visibility(b, los_rules(d_, b, *m), from, cells);
        out.resize(cells.size());
        for (std::size_t i = 0; i < cells.size(); ++i) out[i] = mark_of(cells[i].sight);
        return true;
    }

    std::filesystem::path boards_dir() const override { return d_.boards_dir; }

    Ruling rule(const Section& root, const board::Board& b, const view::Placement* place) const override { return sys_.rule(root, &b, place); }

    // A wreck (the second per-hex layer, 8.62): a disc with an "x" on the hex's own terrain look.
    Look look(const std::string& name) const override {
        const auto& f = vocabulary_.hex_features;
        if (std::find(f.begin(), f.end(), name) != f.end()) return {"x", 0x9A9AA6FFu, "Wreck (8.62)"};
        return {};
    }

    std::string facing_rule() const override { return "8.7"; }
    bool has_hex_figures() const override { return true; }

    bool hex_figures(const board::Board& b, const toml::table& situation, view::HexFigures& out, const std::atomic<bool>* cancel,
                     view::FiguresFrom from) const override {
        out = {};
        Sink sink("(board view)");
        const Section root(sink, &situation, "");
        const Situation s = parse_situation(d_, root, &b);
        if (!sink.ok() || s.board.empty() || s.firer_hex.empty()) return false;
        const bool from_target = from == view::FiguresFrom::target;
        const auto kept = from_target ? s.target_at : s.firer_at;  // the unit the overlay is seen from stays put
        if (!kept || !b.contains(*kept)) return false;
        const std::string aspect = s.facing.empty() ? std::string("its aspect as given") : "facing " + s.facing + " (8.7)";
        if (from_target) {
            out.title = "Chance that " + s.firer + " standing in each hex kills " + s.target + " in " + s.target_hex;
            out.legend = "Each hex: the kill probability (8.9) if the firer stood there, the target " + aspect +
                         " and its terrain read from the board (10.6); 0 where the line is blocked (10.2). The target's hex has none.";
        } else {
            out.title = "Chance that " + s.firer + " in " + s.firer_hex + " kills " + s.target + " standing in each hex";
            out.legend = "Each hex: the kill probability (8.9) if the target stood there, " + aspect +
                         ", its terrain read from the board (10.6); 0 where the line is blocked (10.2). The firer's hex has none.";
        }
        out.value.assign(std::size_t(b.hex_count()), -1.0f);
        for (int i = 0; i < b.hex_count(); ++i) {
            if (cancel && cancel->load(std::memory_order_relaxed)) return false;
            const hex::Cube h = b.hex_at(i);
            if (h == *kept) continue;
            try {
                Situation q = s;
                if (from_target) q.firer_hex = b.name(h), q.firer_at = h;  // the firer in h, the target where it is
                out.value[std::size_t(i)] = float(kill_chance(d_, moved_target(d_, std::move(q), b, from_target ? *kept : h)));
            } catch (const InputError&) {
                // This hex cannot be ruled (left without a figure).
            }
        }
        out.complete = true;
        return true;
    }

private:
    const SpiTank& sys_;
    const Data& d_;
    board::Vocabulary vocabulary_;
};

}  // namespace

std::unique_ptr<view::BoardSupport> make_board_support(const SpiTank& sys) { return std::make_unique<TankSupport>(sys); }

SpiTank::SpiTank() = default;
SpiTank::~SpiTank() = default;

const view::BoardSupport* SpiTank::board_support() const { return board_support_.get(); }

}  // namespace umpire::spi_tank
