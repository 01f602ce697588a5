// libFuzzer harness: a table file's whole text (docs/tables.md), read with the GF9 TANKS and A
// Great Victory! table rules from the shipped rules data and checked against the terrain
// guidelines, as `umpire-cli table check` does. InputError is the normal outcome for bad input.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/engine.hpp"
#include "core/toml_reader.hpp"
#include "tabletop/rulings.hpp"
#include "tabletop/sketch.hpp"
#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const umpire::Engine engine(UMPIRE_SOURCE_RULES_DATA);
    static const umpire::tabletop::Systems systems = umpire::tabletop::table_systems(engine);
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    umpire::fuzz::run_guarded("fuzz-table.toml", [&] {
        const toml::table root = umpire::parse_toml_string(text, "fuzz-table.toml");
        const umpire::tabletop::Sketch table = umpire::tabletop::read_sketch(root, "fuzz-table.toml", systems);
        if (const auto* rules = systems.find(table.system)) (void)umpire::tabletop::check_sketch(table, *rules);
    });
    return 0;
}
