// A Great Victory! terrain guidelines (January 2015): movement, fire and hand-to-hand rulings.
//
// Sections
//   Data       the terrain tables loaded from rules-data/agv.toml (feature x unit type x action)
//   Situation  one question (docs/situations.md, system = "agv"): movement, fire or melee
//   rule()     the procedures: AGV-movement (prohibited / half rate, never cumulative, roads),
//              AGV-firing + AGV-cover (who may fire, sight, cover per stand, the whole unit, half
//              dice), AGV-hand-to-hand (defending a crossed feature, streams, cumulative halving)
//
// Every per-feature effect is data; the code only combines them. Where the guidelines are silent
// the data names a choice ([choices]) and the ruling is flagged as a referee's call.
#pragma once
#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/game_module.hpp"
#include "tabletop/sketch.hpp"

namespace umpire::agv {

// ---- Data ---------------------------------------------------------------------

enum class UnitType { foot, mounted, elephant, artillery };
enum class FirerType { foot, mounted, elephant, artillery, light_artillery };
enum class Action { move, charge, intercept };
enum class Effect { normal, half_rate, prohibited };
enum class Kind { general, linear };
enum class OnRoad { ignored, applies, designate, replaced };
enum class Sight { none, blocks_beyond };
enum class MeleeEffect { none, defended, against_units_in_it };
enum class Question { movement, fire, melee };

const char* to_string(UnitType t);
const char* to_string(FirerType t);
const char* to_string(Action a);
const char* to_string(Effect e);   // "normal", "half-rate", "prohibited" (the JSON values)
const char* to_string(Kind k);
const char* to_string(OnRoad r);
const char* to_string(Sight s);
const char* to_string(MeleeEffect m);
const char* to_string(Question q);

// The accepted names, in the spec's order.
const std::vector<std::string>& unit_type_names();
const std::vector<std::string>& firer_type_names();
const std::vector<std::string>& action_names();
const std::vector<std::string>& question_names();

// Light artillery is artillery wherever it moves or stands.
UnitType moves_as(FirerType t);

using Row = std::array<Effect, 3>;  // indexed by Action

struct Feature {
    std::string name;   // the situation's name: "woods", "stone-wall"
    std::string label;  // for explanations: "a stone wall"
    std::string cite;   // "AGV-woods"
    std::vector<std::string> also_cite;
    Kind kind = Kind::general;
    std::array<Row, 4> movement{};        // indexed by UnitType
    std::optional<Row> artillery_unpacked;  // overrides the artillery row when packed = false
    bool ends_movement = false;
    OnRoad on_road = OnRoad::ignored;
    std::string road_as;  // on_road == replaced: the feature it counts as
    std::vector<std::string> crossed_at;  // features (bridge, ford) that, named with it, carry the unit over it instead
    std::string same_as;  // the feature whose effects it copies (a ford: "stream"); empty for a feature with its own
    Sight sight = Sight::none;
    std::vector<FirerType> cover_against;
    std::vector<UnitType> cover_targets;  // who may claim its cover
    bool cover_only_in = false;
    bool fire_through_own = true;
    std::vector<FirerType> no_fire_from;
    MeleeEffect melee = MeleeEffect::none;
    std::map<std::string, std::string> calls;  // cell ("movement.foot.intercept") -> choice id

    Effect effect(UnitType t, Action a, std::optional<bool> packed) const;
    bool gives_cover_against(FirerType f) const;
    bool cover_claimable_by(UnitType t) const;
    bool cannot_fire_from(FirerType f) const;
    const std::string* call(const std::string& cell) const;  // choice id, if the cell is a call
};

struct Choice {
    std::string id, reading, why;
};

struct Data {
    int half_rate_cost = 2;
    int cover_divisor = 2;
    int melee_divisor = 2;
    int cover_block_count = 2;
    std::map<std::string, std::string> citations;  // id -> what it covers
    std::vector<Feature> features;                // file order
    std::map<std::string, Choice> choices;
    tabletop::Rules table;  // [table]: tabletop files and the placement guidelines (docs/tables.md)

    const Feature* find(const std::string& name) const;  // normalized match
    std::vector<std::string> feature_names() const;
    const Choice* choice(const std::string& id) const;
};

// Loads and validates rules-data/agv.toml; throws InputError (FILE:LINE:COL: key: problem).
Data load_data(const std::filesystem::path& file);

// ---- Situation ----------------------------------------------------------------

struct Movement {  // question = "movement"
    UnitType type = UnitType::foot;
    std::optional<bool> packed;  // artillery only; false = unpacked
    Action action = Action::move;
    std::vector<std::string> terrain;  // features entered, crossed, left or already touched
    bool on_road = false;
    std::vector<std::string> starts_in;  // added key: features of `terrain` the unit is in when it begins (it leaves them)
    std::optional<bool> block;  // added key [unit] block: in block formation (needed to follow a road)
    std::vector<std::string> beside_road;  // added key: features of `terrain` the road does not pass through (each copy one of them)
    bool packed_assumed = false;  // packed left out where it matters: read as the contract's default, false (unpacked)
};

struct Stand {  // one [[stand]] of the target unit that the firer could fire at
    std::vector<std::string> in;       // features the stand is in or touching
    std::vector<std::string> between;  // features between firer and stand; a name also in `in` is that same feature
                                       // (a further copy of the name, or a duplicate here, is a separate feature)
    std::vector<std::string> apart;    // added key: names in firer.in; each copy marks one feature of that name here (those in
                                       // `in` first, then those only between) as a different one from the firer's
    std::vector<std::string> not_between;  // added key: names in `in`; each copy marks one feature the stand touches that does
                                           // not lie between it and the firer (a wall behind it): it gives no cover
    std::vector<std::string> behind_own;   // added key: names in firer.in and `between`: the firer's own hill or contour rises
                                           // between them (higher ground of it), so the stand is behind it
};

struct Fire {  // question = "fire"
    FirerType firer = FirerType::foot;
    std::vector<std::string> firer_in;
    std::vector<std::string> wholly_in;  // added key [firer] wholly_in: names in `in` the stand is wholly within
    int dice = 1;
    UnitType target = UnitType::foot;
    std::vector<Stand> stands;
    bool stands_assumed = false;  // no [[stand]] given: read as one stand with nothing in or between
};

struct Melee {  // question = "melee"
    int dice = 1;
    std::vector<std::string> charger_in;
    std::vector<std::string> defender_in;
    std::vector<std::string> crossed;
};

struct Situation {
    Question question = Question::movement;
    Movement movement;  // used when question == movement
    Fire fire;          // used when question == fire
    Melee melee;        // used when question == melee
    std::string title;  // optional label (common key)
};

// Reads a situation (the `root` table of a file); reports problems into root.sink().
Situation parse_situation(const Data& d, const Section& root);
// Writes a situation in the file format (round-trips through parse_situation).
toml::table to_toml(const Situation& s);

// ---- rule() -------------------------------------------------------------------

Ruling rule(const Data& d, const Situation& s);
// For the engine and the window (games/game_module.hpp): the names a user may type (`umpire-cli
// systems`), what the panel offers (view.cpp) and a ruling's typed view for the panel (view.cpp).
std::vector<NameList> names(const Data& d);
std::any choices(const Data& d);
std::any ruling_view(const Data& d, const Situation& s, const Ruling& r);

// What one [[stand]]'s keys say about each feature it names, as rule() reads them (docs/agv.md):
// the table measuring checks with it that the keys it writes say what it measured.
struct StandFeature {
    std::string name;
    bool in_stand = false;  // the stand is in or touching it (else it lies between, only)
    bool own = false;       // the very feature the firer is in or touching
    bool between = false;   // it lies between the stand and the firer
    bool behind = false;    // the firer's own hill or contour rising between them (behind_own)
};
std::vector<StandFeature> read_stand(const Data& d, const Fire& fire, const Stand& s);

inline constexpr GameAbout kAbout = {"agv", "A Great Victory! terrain guidelines (January 2015)", "agv.toml"};

class Agv final : public GameModule<Data, load_data, Situation> {
public:
    Agv();  // table.cpp, with the table support
};

}  // namespace umpire::agv

namespace umpire {
std::unique_ptr<GameSystem> make_agv();
}
