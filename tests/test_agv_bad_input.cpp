// A Great Victory! situations with bad input: exit 2, nothing on stdout, a
// FILE:LINE:COL line naming the key and the accepted values.
#include <catch2/catch.hpp>

#include "support.hpp"

namespace {
struct Bad {
    const char* name;
    const char* text;
    const char* needle;
};
}  // namespace

TEST_CASE("agv: bad situations are exit 2 with FILE:LINE:COL", "[agv][cli]") {
    const Bad cases[] = {
        {"unknown question", "system = \"agv\"\nquestion = \"siege\"\n", "question"},
        {"unknown unit type", "system = \"agv\"\nquestion = \"movement\"\n[unit]\ntype = \"chariot\"\n[move]\naction = \"move\"\nterrain = []\n",
         "unit.type"},
        {"unknown terrain names the accepted features",
         "system = \"agv\"\nquestion = \"movement\"\n[unit]\ntype = \"foot\"\n[move]\naction = \"move\"\nterrain = [\"lava\"]\n", "woods"},
        {"unknown action", "system = \"agv\"\nquestion = \"movement\"\n[unit]\ntype = \"foot\"\n[move]\naction = \"fly\"\nterrain = []\n",
         "move.action"},
        {"dice of the wrong type",
         "system = \"agv\"\nquestion = \"fire\"\n[firer]\ntype = \"foot\"\ndice = \"four\"\n[target]\ntype = \"foot\"\n[[stand]]\nin = []\n",
         "firer.dice"},
        {"negative dice", "system = \"agv\"\nquestion = \"melee\"\n[charger]\ndice = -1\n[defender]\nin = []\ncrossed = []\n", "charger.dice"},
        {"wholly_in names a feature the firer is not in",
         "system = \"agv\"\nquestion = \"fire\"\n[firer]\ntype = \"foot\"\nin = []\nwholly_in = [\"woods\"]\ndice = 4\n[target]\n"
         "type = \"foot\"\n[[stand]]\nin = []\n",
         "firer.wholly_in"},
        {"starts_in names a feature the move does not leave (AGV-streams)",
         "system = \"agv\"\nquestion = \"movement\"\n[unit]\ntype = \"foot\"\n[move]\naction = \"charge\"\nterrain = [\"hill\"]\n"
         "starts_in = [\"stream\"]\n",
         "move.starts_in: \"stream\" must also be named in move.terrain"},
        {"starts_in on a bridge: a unit is placed beyond it, never on it (AGV-bridges)",
         "system = \"agv\"\nquestion = \"movement\"\n[unit]\ntype = \"foot\"\n[move]\naction = \"charge\"\nterrain = [\"bridge\"]\n"
         "starts_in = [\"bridge\"]\n",
         "move.starts_in: \"bridge\": a unit never stands on it"},
        {"misspelt key", "system = \"agv\"\nquestion = \"melee\"\n[charger]\ndice = 4\n[defender]\ninn = []\ncrossed = []\n", "inn"},
        // The added stand and move keys mark features named elsewhere (docs/agv.md).
        {"apart names a feature the firer is not in",
         "system = \"agv\"\nquestion = \"fire\"\n[firer]\ntype = \"foot\"\nin = []\ndice = 4\n[target]\ntype = \"foot\"\n[[stand]]\n"
         "between = [\"hill\"]\napart = [\"hill\"]\n",
         "stand[0].apart: \"hill\" must be named in firer.in and in this stand's `in` or `between`"},
        {"apart marks more hills than the stand names",
         "system = \"agv\"\nquestion = \"fire\"\n[firer]\ntype = \"foot\"\nin = [\"hill\"]\ndice = 4\n[target]\ntype = \"foot\"\n[[stand]]\n"
         "between = [\"hill\"]\napart = [\"hill\", \"hill\"]\n",
         "stand[0].apart: \"hill\" is given 2 times here but 1 times"},
        {"not_between names a feature the stand is not in",
         "system = \"agv\"\nquestion = \"fire\"\n[firer]\ntype = \"foot\"\nin = []\ndice = 4\n[target]\ntype = \"foot\"\n[[stand]]\n"
         "in = []\nnot_between = [\"stone-wall\"]\n",
         "stand[0].not_between: \"stone-wall\" is given 1 times here but 0 times in this stand's `in`"},
        {"behind_own on a wood: only a hill or contour lets a firer fire off it",
         "system = \"agv\"\nquestion = \"fire\"\n[firer]\ntype = \"foot\"\nin = [\"woods\"]\ndice = 4\n[target]\ntype = \"foot\"\n[[stand]]\n"
         "between = [\"woods\"]\nbehind_own = [\"woods\"]\n",
         "stand[0].behind_own: \"woods\": only a feature that hides stands beyond it"},
        {"behind_own names a hill not between",
         "system = \"agv\"\nquestion = \"fire\"\n[firer]\ntype = \"foot\"\nin = [\"hill\"]\ndice = 4\n[target]\ntype = \"foot\"\n[[stand]]\n"
         "between = []\nbehind_own = [\"hill\"]\n",
         "stand[0].behind_own: \"hill\" must be named in firer.in and in this stand's `between`"},
        {"beside_road names a feature the move does not meet",
         "system = \"agv\"\nquestion = \"movement\"\n[unit]\ntype = \"foot\"\n[move]\naction = \"move\"\nterrain = [\"hill\"]\non_road = true\n"
         "beside_road = [\"woods\"]\n",
         "move.beside_road: \"woods\" is given 1 times here but 0 times in move.terrain"},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const std::string f = umpire::test::temp_file(c.text);
            auto r = umpire::test::run_cli("rule " + f + " --json");
            INFO(r.err);
            CHECK(r.status == 2);
            CHECK(r.out.empty());
            CHECK(r.err.rfind(f + ":", 0) == 0);
            CHECK(r.err.find(c.needle) != std::string::npos);
        }
    }
}

TEST_CASE("agv: rules data is validated (house-rule copies)", "[agv][rules-data]") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("umpire-agv-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::copy(UMPIRE_SOURCE_RULES_DATA, dir, fs::copy_options::recursive);
    std::ifstream in(dir / "agv.toml");
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    const std::string from = "mounted   = { move = \"half-rate\"";
    const auto pos = text.find(from);
    REQUIRE(pos != std::string::npos);
    text.replace(pos, from.size(), "mounted   = { move = \"slow\"");
    std::ofstream(dir / "agv.toml") << text;
    const auto diags = umpire::check_rules_dir(dir);
    REQUIRE_FALSE(diags.empty());
    CHECK(diags.front().file == (dir / "agv.toml").string());
    CHECK(diags.front().message.find("slow") != std::string::npos);
    fs::remove_all(dir);
}
