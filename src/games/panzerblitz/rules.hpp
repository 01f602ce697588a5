// PanzerBlitz with Alan R. Arvold's "Obstacles and Elevation (Modified)": line of sight by the
// Special Notes A-R, gullies A-D, and the Hill and Slope Defense Exceptions A-C.
//
// Sections
//   Data       rules-data/panzerblitz.toml: elevation and symbol heights, the distance measure
//   Situation  docs/situations.md, system = "panzerblitz"
//   rule()     the notes, obstacle by obstacle; where none decides, a straight sight line over the
//              data's heights, flagged as a referee's call
//   side_view  the geometry a window draws: heights and positions along the line
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "board/marks.hpp"
#include "core/json.hpp"
#include "games/game_module.hpp"

namespace umpire::panzerblitz {

struct Symbol {
    std::string name;
    std::string kind;  // low | medium-low | medium | medium-high | high
    int height = 0;
    bool hex = false;
    std::vector<std::string> aliases;  // other spellings accepted in a situation ("gray", "orange/red")
};

// rules-data [choices]: Umpire's readings where the notes are open. A ruling that consults one is
// ruled again under the other reading; where the line comes out differently it is a referee's call
// and JSON `alternatives` gives the other reading's verdict (docs/panzerblitz.md "Readings").
struct Choices {
    // Note N's exception (a level 2 unit and a level 1 hilltop unit: notes A/B, the level 1 unit as
    // ground) for a woods or town standing on a level 2 hilltop: "blocks" (N's rule: obstructs all
    // fire; the exception's premise fits woods on the level 1 hilltop only) | "notes-a-b" (the exception).
    std::string n_exception_level2_woods = "blocks";
    // Note L between a level 2 hilltop and ground: "not-counted" (the level 2 unit's own purple crest
    // and the orange edge of the level 1 plateau under it are its own hill, not counted; note E/F
    // judges the orange) | "counted" (L read literally: the two symbols block).
    std::string l_own_hill = "not-counted";
    // A woods or town standing on a slope hex (no note covers it): "heights" (a straight sight line
    // over the slope's height plus the woods') | "ground-level" (notes A, B, O as for ground woods).
    std::string woods_on_slope = "heights";
};

struct Data {
    std::map<std::string, int> elevation;  // name -> metres
    std::vector<Symbol> symbols;
    std::string hexside_position = "k/(range+1)";  // or "(k-1/2)/range"
    std::string hilltop_base = "l1-hilltop";
    std::filesystem::path boards_dir;  // the shipped boards (beside the rules-data folder)
    Choices choices;
    const Symbol* symbol(const std::string& name) const;
};

Data load_data(const std::filesystem::path& file);

const std::vector<std::string>& elevation_names();  // ground, gully, l1-slope, ...
const std::vector<std::string>& symbol_names();
std::string elevation_words(const std::string& elevation);  // "l1-hilltop" -> "Level 1 hilltop"
// A Special Note in a few words (Umpire's summary, never the article's text): "O" -> "both units
// at ground level: every symbol blocks"; "" for an id it has no words for.
std::string note_words(const std::string& note);
// Notes named with their words: "O (both units at ground level: every symbol blocks) and N (...)".
// A note already in *named is named bare; every note named is added to it.
std::string notes_in_words(const std::vector<std::string>& notes, std::vector<std::string>* named = nullptr);

struct Obstacle {
    std::string symbol;
    int index = 1;  // side k (hexside symbols) or hex j (woods-hex, town-hex)
    bool on_hilltop = false;
    // on_hilltop = true given for a symbol that cannot stand on a hilltop (brown, orange, yellow,
    // purple): note N is only about woods and towns, so the key is ignored and the ruling says so.
    bool on_hilltop_ignored = false;
    // The elevation a woods or town stands on ("l1-slope", "l2-hilltop", ...); empty: ground, or
    // the data's hilltop_base when on_hilltop. On a board: the hex's elevation (notes N, item 6).
    std::string stands_on;
};

struct Situation {
    std::string firer = "l1-hilltop";
    std::string target = "ground";
    int range = 4;
    std::vector<Obstacle> obstacles;
    std::string title;
    // board = "FILE" (apply_board, below): the inputs above were read from the map
    // along the deciding route; the ruling's first steps say so, citing the hexes.
    std::string board;
    std::string firer_hex, target_hex;
    std::vector<Step> board_steps;
    std::vector<Step> board_calls;  // referee's calls the board reading raised (which hexes the line takes)
    json::Value board_json;  // JSON `board`: file, hexes, every route and which decides
    // What the routes met, marked for the board view (board/marks.hpp); the ruling hands it on.
    std::shared_ptr<const view::BoardMarks> board_marks;
};

// `held`: the board the window holds (may carry unsaved paint), read instead of the `board` file;
// `place` (with `held`): the units' hexes on it, typed (apply_board).
Situation parse_situation(const Data& d, const Section& root, const board::Board* held = nullptr,
                          const view::Placement* place = nullptr);
// board = "FILE" with firer.hex and target.hex: fills the elevations, range and obstacles from
// the deciding route; a typed key that disagrees is an error naming both. Called by
// parse_situation; defined in board.cpp (the board code builds on this header, not the other
// way). `firer`/`target`/`line` are the situation's tables. `held`: the window's board, read
// instead of the file (nullptr: the file). `place` (with `held`: the window's board view): the
// units' hexes, typed; firer.hex and target.hex are then not read.
void apply_board(const Data& d, const Section& root, const Section& firer, const Section& target, const Section& line, Situation& s,
                 const board::Board* held = nullptr, const view::Placement* place = nullptr);
toml::table to_toml(const Situation& s);
Ruling rule(const Data& d, const Situation& s);
// For the engine and the window (games/game_module.hpp): the names a user may type (`umpire-cli
// systems`), what the panel offers (view.cpp) and a ruling's typed view for the panel (view.cpp).
std::vector<NameList> names(const Data& d);
std::any choices(const Data& d);
std::any ruling_view(const Data& d, const Situation& s, const Ruling& r);

// The sight line for a side-view drawing. Positions are fractions num/den of the way from the firer.
struct SideObstacle {
    std::string symbol;
    int num = 0, den = 1;
    int height = 0;
    bool blocks = false;   // as ruled (notes or straight line)
    bool decided = true;   // false: no note decides it (referee's call)
};
struct SideView {
    int firer_height = 0, target_height = 0;
    std::vector<SideObstacle> obstacles;
};
SideView side_view(const Data& d, const Situation& s);

inline constexpr GameAbout kAbout = {"panzerblitz", "PanzerBlitz, Arvold's Obstacles and Elevation (modified)", "panzerblitz.toml"};

class PanzerBlitz final : public BoardGameModule<PanzerBlitz, Data, load_data, Situation> {
public:
    PanzerBlitz() : BoardGameModule(kAbout) {}
};

// The BoardSupport of `sys` (board.hpp's PanzerBlitzBoardSupport), made in board_support.cpp so that
// rules.cpp needs nothing of board.hpp.
std::shared_ptr<const view::BoardSupport> make_board_support(const PanzerBlitz& sys);

}  // namespace umpire::panzerblitz

namespace umpire {
std::unique_ptr<GameSystem> make_panzerblitz();
}
