// The PanzerBlitz views (view_panzerblitz.hpp): the side view of a ruling, the input choices,
// and the situation in file form. Read from the module's results; no rules decided here.
#include "engine/panzerblitz.hpp"
#include "engine/view_panzerblitz.hpp"

namespace umpire::pb {

std::any PanzerBlitz::ruling_view(const Situation& s) const {
    const SideView v = side_view(data_, s);
    view::PbRulingView out;
    out.firer_height = v.firer_height;
    out.target_height = v.target_height;
    for (const auto& o : v.obstacles) out.symbols.push_back({o.symbol, o.num, o.den, o.height, o.blocks, o.decided});
    return out;
}

std::any PanzerBlitz::choices() const {
    view::PbChoices c;
    for (const auto& n : elevation_names()) c.elevations.push_back({n, data_.elevation.at(n)});
    for (const auto& n : symbol_names()) {
        const Symbol* sym = data_.symbol(n);
        c.symbols.push_back({n, sym && sym->hex, sym && sym->kind == "low"});  // note N: woods and towns are "low"
    }
    return c;
}

std::optional<toml::table> PanzerBlitz::canonical(const Table& root) const {
    return canonical_with(root, data_, parse_situation, to_toml);
}

}  // namespace umpire::pb
