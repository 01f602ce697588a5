// The picture of a ruling (see picture.hpp).
//
// Sections
//   units            the units' names and the target's facing, from the situation (or the window's places)
//   ruling_picture   board, table or words alone
#include "engine/picture.hpp"

#include "board/board_support.hpp"
#include "board/picture.hpp"
#include "core/names.hpp"
#include "core/picture.hpp"
#include "engine/engine.hpp"
#include "tabletop/picture.hpp"
#include "tabletop/rulings.hpp"

namespace umpire {

namespace {

// ---- units -------------------------------------------------------------------------

std::string text_at(const toml::table& s, const char* table, const char* key) {
    if (const auto* t = s[table].as_table())
        if (const auto v = (*t)[key].value<std::string>()) return *v;
    return "";
}

// The names the situation gives its units ([firer] unit = "T62"; else name = ...) and the target's
// facing: the window's typed place when there is one, else the situation's facing key read in the
// game's names for it (hexside letters, or the points of the hexagon when its units face a corner).
board::BoardUnits units_of(const toml::table& s, const board::Board& b, const view::BoardSupport& sup, const view::Placement* place) {
    board::BoardUnits u;
    for (const char* key : {"unit", "name"}) {
        if (u.firer.empty()) u.firer = text_at(s, "firer", key);
        if (u.target.empty()) u.target = text_at(s, "target", key);
    }
    u.faces_corner = sup.faces_corner();
    const std::vector<std::string> names = u.faces_corner ? sup.modes() : b.numbering.side_names;
    if (place) {
        u.facing = place->facing;
    } else if (const std::string f = text_at(s, "target", "facing"); !f.empty()) {
        for (std::size_t k = 0; k < names.size(); ++k)
            if (same_name(names[k], f)) u.facing = int(k);
    }
    if (u.facing && std::size_t(*u.facing) < names.size()) u.facing_name = names[std::size_t(*u.facing)];
    else u.facing.reset();  // a facing the game does not name is not drawn
    return u;
}

std::filesystem::path beside(const std::filesystem::path& dir, const std::string& file) {
    const std::filesystem::path p(file);
    return p.is_absolute() || dir.empty() ? p : dir / p;
}

// The board or table file as the situation names it (what the players' copy of the situation
// says), else its own name: never a folder of this machine, in a picture made to be shared; and
// the same words whether the window (its board as loaded) or umpire-cli draws it.
std::string file_named(const toml::table& s, const char* key, const std::string& file) {
    if (const auto v = s[key].value<std::string>(); v && !v->empty()) return *v;
    return std::filesystem::path(file).filename().string();
}

}  // namespace

// ---- ruling_picture ----------------------------------------------------------------

canvas::Canvas ruling_picture(const Engine& e, const PictureRequest& q) {
    const Ruling& r = *q.ruling;
    const toml::table& s = *q.situation;
    const std::string id = !r.system.empty() ? r.system : s["system"].value<std::string>().value_or("");
    const GameSystem* g = e.find(id);
    picture::Caption c = picture::caption_of(r, g ? g->title() : id, s["title"].value<std::string>().value_or(""));
    // A shot that may not be taken (JSON fire_permitted false) still walks the chart in Why: said
    // under the verdict, in the window's words, so the posted picture does not read as a kill roll.
    for (const auto& [k, v] : r.fields)
        if (k == "fire_permitted" && v.is_bool() && !v.as_bool())
            c.detail += std::string(c.detail.empty() ? "" : " ") + "No kill numbers and no roll: the shot may not be taken (the chart's steps in Why are for the record only).";
    const view::BoardSupport* sup = g ? g->board_support() : nullptr;
    if (r.board_marks && sup) {
        board::Board loaded;
        const board::Board* b = q.board;
        if (!b) {
            const std::string name = s["board"].value<std::string>().value_or("");
            // Read under the path found, as the ruling does: the board's picture ([underlay]) is found
            // beside it, whatever the current folder; the caption names it as the situation does.
            const std::filesystem::path found = sup->find_board(name, q.situation_dir);
            loaded = sup->load(found, found.lexically_normal().string());
            b = &loaded;
        }
        const board::BoardUnits u = units_of(s, *b, *sup, q.place);
        c.source = "board " + file_named(s, "board", b->file) + (b->sample ? " (sample terrain)" : "");
        if (const auto mode = s["terrain_mode"].value<std::string>()) c.source += ", " + *mode + " terrain mode";
        return std::move(board::draw_board(*b, *r.board_marks, sup, u, std::move(c)).canvas);
    }
    if (const auto* tv = r.view_as<tabletop::TableView>()) {
        tabletop::Sketch loaded;
        const tabletop::Sketch* t = q.table;
        if (!t) {
            const std::string file = s["table"].value<std::string>().value_or("");
            loaded = tabletop::load_sketch(beside(q.situation_dir, file), file, tabletop::table_systems(e));
            t = &loaded;
        }
        c.source = "table " + file_named(s, "table", t->file) + " (" + t->unit + ")";
        return std::move(tabletop::draw_table(*t, *tv, std::move(c)).canvas);
    }
    return picture::draw_caption_only(c);
}

}  // namespace umpire
