// Panzer Squadron's answers to the board view (board/board_support.hpp): its vocabulary, the target's
// facings as modes, the units on the board, the visibility map (board.cpp) and a ruling against the
// window's own board (PanzerSquadron::rule with `held`). Apart from board.cpp, as TANK!'s and
// PanzerBlitz's are, because it asks the game's rules (rules.hpp), which use board.hpp.
#include "board/board_support.hpp"
#include "games/panzer_squadron/board.hpp"
#include "games/panzer_squadron/rules.hpp"

namespace umpire::panzer_squadron {

namespace {

class PanzerSquadronBoardSupport final : public view::BoardSupport {
public:
    explicit PanzerSquadronBoardSupport(const PanzerSquadron& sys) : sys_(sys), d_(sys.data()), vocabulary_(board_vocabulary(d_)) {}
    const board::Vocabulary& vocabulary() const override { return vocabulary_; }
    std::vector<std::string> modes() const override { return d_.board.corner_names; }
    bool faces_corner() const override { return true; }  // PS-turning: a tank faces a point of its hexagon
    std::string facing_rule() const override { return "PS-armour"; }
    // Units on the board carry a point (NW ... W) and fill firer.hex, target.hex with the target's
    // facing, and a movement's tank.hex and tank.facing. The rules page is silent on stacking.
    const board::CounterRules& counter_rules() const override {
        static const board::CounterRules r{{{"firer", false, false}, {"target", true, false}, {"tank", true, false}}, "", true, {}, {}};
        return r;
    }

    bool visibility(const board::Board& b, const std::string& mode, const hex::Cube& from, std::vector<view::Mark>& out) const override {
        (void)mode;  // the facing changes faces, not the obstacle bonus
        panzer_squadron::visibility(d_, b, from, out);
        return true;
    }

    std::filesystem::path boards_dir() const override { return d_.boards_dir; }

    // The situation ruled against `b` (the window's board) instead of its board file.
    Ruling rule(const Section& situation, const board::Board& b, const view::Placement* place) const override {
        return sys_.rule(situation, &b, place);
    }

private:
    const PanzerSquadron& sys_;
    const Data& d_;
    board::Vocabulary vocabulary_;
};

}  // namespace

std::unique_ptr<view::BoardSupport> make_board_support(const PanzerSquadron& sys) { return std::make_unique<PanzerSquadronBoardSupport>(sys); }

}  // namespace umpire::panzer_squadron
