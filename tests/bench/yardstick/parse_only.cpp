// The yardstick for `umpire-cli rule` (issue 21): a program that only parses TOML files with
// toml++ -- each FILE read whole and parsed, nothing else -- exit 0, or 2 on a syntax error.
// tests/bench/cli-vs-parse.sh times it against `umpire-cli rule` on the same files.
//
//     umpire_parse_only FILE...
#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>

#include <toml++/toml.h>

int main(int argc, char** argv) {
    std::size_t keys = 0;
    for (int i = 1; i < argc; ++i) {
        std::ifstream in(argv[i], std::ios::binary);
        if (!in) {
            std::fprintf(stderr, "%s: cannot read\n", argv[i]);
            return 2;
        }
        in.seekg(0, std::ios::end);
        std::string text(static_cast<std::size_t>(in.tellg()), '\0');
        in.seekg(0);
        in.read(text.data(), static_cast<std::streamsize>(text.size()));
        try {
            keys += toml::parse(text, std::string_view(argv[i])).size();
        } catch (const toml::parse_error& e) {
            std::fprintf(stderr, "%s: %s\n", argv[i], e.what());
            return 2;
        }
    }
    std::printf("%zu top-level keys\n", keys);
    return 0;
}
