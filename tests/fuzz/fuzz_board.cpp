// libFuzzer harness: a board file's whole text (docs/boards.md), parsed and validated with the
// TANK! terrain vocabulary from the shipped rules data, as `umpire-cli board check` does.
// InputError is the normal outcome for bad input.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "board/board.hpp"
#include "engine/engine.hpp"
#include "core/toml_reader.hpp"
#include "games/spi_tank/rules.hpp"
#include "games/spi_tank/board.hpp"
#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const umpire::Engine engine(UMPIRE_SOURCE_RULES_DATA);
    static const umpire::board::Vocabulary vocabulary =
        umpire::spi_tank::board_vocabulary(engine.get<umpire::spi_tank::SpiTank>()->data());
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    umpire::fuzz::run_guarded("fuzz-board.toml", [&] {
        const toml::table root = umpire::parse_toml_string(text, "fuzz-board.toml");
        (void)umpire::board::parse_board(root, "fuzz-board.toml", vocabulary);
    });
    return 0;
}
