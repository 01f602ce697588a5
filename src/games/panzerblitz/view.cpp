// The PanzerBlitz views (view_panzerblitz.hpp): the side view of a ruling, the input choices,
// and the situation in file form. Read from the module's results; no rules decided here.
#include "games/panzerblitz/rules.hpp"
#include "games/panzerblitz/view.hpp"

#include "core/names.hpp"

namespace umpire::panzerblitz {

namespace {

int int_of(const json::Value* v) { return v && v->is_int() ? int(v->as_int()) : 0; }
std::string text_of(const json::Value* v) { return v && v->is_string() ? v->as_string() : ""; }

// The ruling's `positions` (panzerblitz.cpp positions_json) as the view's rows.
std::vector<view::PbPosition> positions_of(const json::Value& a) {
    std::vector<view::PbPosition> out;
    if (!a.is_array()) return out;
    for (const auto& x : a.as_array()) {
        view::PbPosition p;
        p.symbol = text_of(x.find("symbol"));
        p.hex = x.find("hex") != nullptr;
        p.index = int_of(p.hex ? x.find("hex") : x.find("side"));
        p.from_firer = int_of(x.find("hexsides_from_firer"));
        p.from_target = int_of(x.find("hexsides_from_target"));
        p.by_range = text_of(x.find("by_range"));
        p.fraction = text_of(x.find("fraction"));
        out.push_back(std::move(p));
    }
    return out;
}

// How the article names a symbol: "woods-hex" is a woods hex, a colour a hexside of that colour.
std::string symbol_words(const std::string& name, bool hex) {
    if (!hex) return name + " hexside";
    return spaced_words(name);
}

}  // namespace

std::any ruling_view(const Data& d, const Situation& s, const Ruling& r) {
    const SideView v = side_view(d, s);
    view::PbRulingView out;
    for (const auto& [k, val] : r.fields) {
        if (k == "positions") out.positions = positions_of(val);
        if (k == "los" && val.is_string()) out.los = val.as_string();
        if (k == "los_by_range" && val.is_string()) out.los_by_range = val.as_string();
    }
    out.firer_height = v.firer_height;
    out.target_height = v.target_height;
    for (const auto& o : v.obstacles) out.symbols.push_back({o.symbol, o.num, o.den, o.height, o.blocks, o.decided});
    return out;
}

std::any choices(const Data& d) {
    view::PbChoices c;
    for (const auto& n : elevation_names()) c.elevations.push_back({n, elevation_words(n), d.elevation.at(n)});
    for (const auto& n : symbol_names()) {
        const Symbol* sym = d.symbol(n);
        const bool hex = sym && sym->hex;
        c.symbols.push_back({n, symbol_words(n, hex), hex, sym && sym->kind == "low"});  // note N: woods and towns are "low"
    }
    return c;
}

}  // namespace umpire::panzerblitz
