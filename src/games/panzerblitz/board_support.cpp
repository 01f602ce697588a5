// PanzerBlitz's BoardSupport (board.hpp) made for the GameSystem. Apart from rules.cpp so that the
// includes run one way: the board code builds on rules.hpp, and rules.cpp needs nothing of it.
#include <memory>

#include "games/panzerblitz/board.hpp"
#include "games/panzerblitz/rules.hpp"

namespace umpire::panzerblitz {

std::shared_ptr<const view::BoardSupport> make_board_support(const PanzerBlitz& sys) {
    return std::make_shared<PanzerBlitzBoardSupport>(&sys.data(), &sys);
}

}  // namespace umpire::panzerblitz
