// Gale Force 9 TANKS, fan house rules "More Terrain": line of sight with hills and
// escarpments, and movement through every terrain of the house rules.
//
// The effects are data (rules-data/gf9-tanks.toml): per-terrain condition cells for
// movement, a hills decision table, the escarpment blocking cases with their distance
// thresholds, and the things only the core TANKS rules judge. The code here only
// validates, matches and explains.
//
// Sections
//   Data       the loaded rules data and load_data()
//   Situation  one question (docs/situations.md, system = "gf9-tanks"),
//              parse_situation() and to_toml()
//   rule()     the line-of-sight and movement procedures, and the GameSystem
#pragma once
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/game_module.hpp"
#include "tabletop/sketch.hpp"

namespace umpire::gf9_tanks {

// ---- Data ---------------------------------------------------------------------

enum class Effect { normal, single_move, impassable };  // JSON: "normal" | "single-move" | "impassable"
enum class Los { clear, blocked };
enum class OnHill { no, partly, wholly };
enum class Shooting { none, cover, block };  // a terrain's effect on a line that crosses it
enum class CoreEffect { over, core };        // over: the shot passes over; core: the core rules decide

const char* to_string(Effect e);
const char* to_string(Los l);
const char* to_string(OnHill h);
const char* to_string(Shooting s);
const char* to_string(CoreEffect c);

// One movement cell: what a terrain does to a move under one condition.
struct Cell {
    Effect effect = Effect::normal;
    std::string rule;  // citation id
    std::string says;  // one-line summary for the explanation
    std::string call;  // non-empty: the text is silent, this is Umpire's documented choice
    std::optional<Effect> alternative;  // with call: the effect under the other reading; the call is
                                        // flagged only when that would change the move's result
};

struct TerrainShooting {
    Shooting effect = Shooting::none;
    std::string rule;
    std::string says;
};

struct Terrain {
    std::string name;   // "anti-tank-ditch"
    std::string label;  // "anti-tank ditch"
    std::string rule;   // "GF9-ditches"
    // Condition -> cell. Conditions: "none" (always present), a via name, "amphibious".
    std::map<std::string, Cell> cells;
    std::optional<TerrainShooting> shooting;  // absent: not allowed in line.terrain (hill, escarpment)
    const Cell* cell(const std::string& condition) const;
};

// One row of the hills decision table; empty lists match anything.
struct HillRow {
    std::vector<OnHill> firer, target;
    std::vector<std::string> target_hill;  // "other" | "same"
    std::vector<std::string> between;      // "none" | "some"
    std::vector<std::string> hidden;       // "fully" | "partly"
    Los los = Los::clear;
    bool cover = false;
    bool hill_to_hill = false;
    std::string says;
    bool matches(OnHill f, OnHill t, bool same, bool some_between, bool partly_hidden) const;
};

struct Hills {
    std::string rule;
    std::string own_hill, onto_hill, same_hill;  // explanation sentences
    // What "another hill" means for hill to hill when a vehicle stands on more than one hill (a
    // crest on a plateau): "apart", a hill the other vehicle is not on at all; "distinct", any hill
    // but the one the firer is wholly on. A table measures `line.same_hill` by it and rules the
    // other reading too (a referee's call when it changes the ruling).
    std::string another_hill = "apart";
    std::string another_hill_call;
    std::vector<HillRow> rows;
    const HillRow* match(OnHill f, OnHill t, bool same, bool some_between, bool partly_hidden) const;
};

// An escarpment blocking case: firer on / not on, target on / below, and which
// distance comparison blocks (with a threshold in inches).
struct EscarpmentCase {
    bool firer_on = true;
    bool target_below = true;    // false: target on the escarpment
    bool target_closer = true;   // false: blocked when the target is further
    double by_more_than = 0.0;   // inches; the difference must exceed this
    std::string says;
    bool applies(bool f_on, bool t_on, bool t_below) const;
    bool blocks(double firer_distance, double target_distance) const;
};

struct Escarpments {
    std::string rule, first;
    OnHill counts_as = OnHill::wholly;  // a vehicle on the escarpment, outside the blocking cases
    std::string counts_as_call;
    bool plateau_counts_as_hill = true;
    std::string plateau_call;
    // One escarpment the line meets more than once (entries of one name): every crossing is judged
    // (true) or only the first (false); crossings_call names the silence (docs/gf9-tanks.md).
    bool every_crossing = true;
    std::string crossings_call =
        "The house rules give each vehicle one distance to the escarpment and do not say which crossing counts when the line meets "
        "the escarpment more than once.";
    std::vector<EscarpmentCase> cases;
};

struct CoreOutcome {
    CoreEffect effect = CoreEffect::core;
    std::string rule, says;
};

struct CoreObstacle {  // a thing on the line only the core rules judge (line.obstacles)
    std::string name, label;
    CoreOutcome hill_to_hill, otherwise;
};

struct Data {
    std::map<std::string, std::string> citations;  // id -> one-line summary
    int max_hills_between = 20;
    double max_distance = 144.0;
    std::vector<Effect> severity;  // least to most restrictive
    std::vector<std::string> vias;  // names accepted by move.via besides "none"
    std::vector<Terrain> terrain;   // in file order
    Hills hills;
    Escarpments escarpments;
    std::vector<CoreObstacle> core;
    tabletop::Rules table;  // [table]: tabletop files (docs/tables.md)

    const Terrain* find_terrain(const std::string& name) const;
    const CoreObstacle* find_core(const std::string& name) const;
    int rank(Effect e) const;  // position in severity
    std::vector<std::string> terrain_names() const;           // every movement terrain
    std::vector<std::string> shooting_terrain_names() const;  // those allowed in line.terrain
    std::vector<std::string> obstacle_names() const;          // line.obstacles names
};

// Loads and validates rules-data/gf9-tanks.toml; throws InputError (FILE:LINE:COL lines).
Data load_data(const std::filesystem::path& file);

// ---- Situation ----------------------------------------------------------------

enum class Question { los, movement };
const char* to_string(Question q);

struct Vehicle {
    OnHill on_hill = OnHill::no;
    bool on_escarpment = false;
    bool below_escarpment = false;  // target only
};

// A further escarpment the line crosses or runs beside (`[[escarpment]]`, docs/gf9-tanks.md):
// the firer's and the target's side of it and their distances, as the main keys give them for
// the first one.
struct EscarpmentLine {
    std::string name;  // optional, for the explanation
    bool firer_on = false, target_on = false, target_below = false, between = false;
    std::optional<double> firer_distance, target_distance;  // inches
};

struct LosSituation {
    Vehicle firer, target;
    int hills_between = 0;
    bool partly_hidden = false;
    bool escarpment_between = false;
    std::optional<double> firer_distance;   // inches to the escarpment
    std::optional<double> target_distance;
    // Added keys (docs/gf9-tanks.md):
    std::string escarpment_name;            // the first escarpment's name (optional): [[escarpment]] entries
                                            // of the same name are further crossings of it
    bool same_hill = false;                 // the target is on the firer's own hill / escarpment
    std::vector<std::string> terrain;       // movement terrain the line crosses (rivers, swamps...)
    std::vector<std::string> obstacles;     // vehicles | wrecks | woods | buildings on the line
    std::vector<EscarpmentLine> further;    // [[escarpment]]: every escarpment after the first (added)
    // Every escarpment taking part: the first (from the main keys, when involved), then `further`.
    std::vector<EscarpmentLine> escarpments() const;
};

struct MoveSituation {
    std::vector<std::string> terrain;  // what the move enters, crosses or leaves
    std::vector<std::string> via;      // empty = "none"; several allowed (added: an array)
    // Added: terrain the move also meets by none of its vias (rough ground beside the road, a
    // river crossed off the bridge): `via` is no exception for these entries.
    std::vector<std::string> without_via;
    bool amphibious = false;
};

struct Situation {
    Question question = Question::los;
    LosSituation los;
    MoveSituation move;
    std::string title, notes;  // common labels, kept for round trips
};

// Reads a situation (the root table of a file); problems go into root.sink().
Situation parse_situation(const Data& d, const Section& root);
// Writes a situation in the file format (round-trips through parse_situation).
toml::table to_toml(const Situation& s);

// ---- rule() -------------------------------------------------------------------

Ruling rule(const Data& d, const Situation& s);

inline constexpr GameAbout kAbout = {"gf9-tanks", "Gale Force 9 TANKS, \"More Terrain\" house rules", "gf9-tanks.toml"};

class Gf9Tanks final : public GameModule<Data, load_data> {
public:
    Gf9Tanks();  // table.cpp, with the table support
    Ruling rule(const Section& root) const override;
    std::vector<NameList> names() const override;
    std::any choices() const override;                                       // view.cpp
    std::optional<toml::table> canonical(const Section& root) const override;  // view.cpp

private:
    std::any ruling_view(const Situation& s) const;  // games/gf9_tanks/view.hpp, in view.cpp
};

}  // namespace umpire::gf9_tanks

namespace umpire {
std::unique_ptr<GameSystem> make_gf9_tanks();
}
