// libFuzzer harness: a situation file's whole text, ruled by the engine with the shipped rules
// data (every system: the seed corpus holds each system's examples), then rendered as JSON and
// as text the way umpire-cli does. InputError is the normal outcome for bad input.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/engine.hpp"
#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const umpire::Engine engine(UMPIRE_SOURCE_RULES_DATA);
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    umpire::fuzz::run_guarded("fuzz.toml", [&] {
        const umpire::Ruling r = engine.rule_text(text, "fuzz.toml");
        // Rendering is part of reading a situation for the user: it must not fail either.
        if (r.to_json().dump().empty()) umpire::fuzz::finding("empty JSON for a ruling");
        (void)r.to_text();
    });
    return 0;
}
