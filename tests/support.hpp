// Test support shared by the feature test files:
//   engine()        the shipped rules data, loaded once
//   rule_toml()     rule a situation given as TOML text, returning the JSON value
//   run_cli()       run the real umpire-cli binary, capturing exit status, stdout, stderr
//   temp_file()     a temporary situation file, removed at exit
//   rules_data_copy() a copy of the shipped rules-data with one file edited (house rules, broken data)
//   tank_vocabulary(), tank_board()   TANK!'s board names, and a TANK! board from TOML text
#pragma once
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "engine/engine.hpp"
#include "games/spi_tank/board.hpp"
#include "games/spi_tank/rules.hpp"

namespace umpire::test {

inline const Engine& engine() {
    static const Engine e(UMPIRE_SOURCE_RULES_DATA);
    return e;
}

inline const board::Vocabulary& tank_vocabulary() {
    static const board::Vocabulary v = spi_tank::board_vocabulary(engine().get<spi_tank::SpiTank>()->data());
    return v;
}
inline board::Board tank_board(const std::string& text, const std::string& name = "board.toml") {
    return board::parse_board(parse_toml_string(text, name), name, tank_vocabulary());
}

inline Ruling rule_ruling(const std::string& toml_text) { return engine().rule_text(toml_text, "test.toml"); }
inline json::Value rule_toml(const std::string& toml_text) { return rule_ruling(toml_text).to_json(); }

// JSON helpers for assertions.
inline const json::Value& at(const json::Value& v, const std::string& key) {
    static const json::Value missing;
    const json::Value* p = v.find(key);
    return p ? *p : missing;
}
inline std::vector<int> ints(const json::Value& v) {
    std::vector<int> out;
    if (v.is_array())
        for (const auto& x : v.as_array()) out.push_back(static_cast<int>(x.as_int()));
    return out;
}
inline std::vector<std::string> strings(const json::Value& v) {
    std::vector<std::string> out;
    if (v.is_array())
        for (const auto& x : v.as_array()) out.push_back(x.as_string());
    return out;
}
inline bool contains(const std::vector<std::string>& v, const std::string& s) {
    for (const auto& x : v)
        if (x == s) return true;
    return false;
}

struct CliResult {
    int status = -1;
    std::string out, err;
};

// Runs umpire-cli with `args` (a shell-quoted string) and `input` on stdin.
inline CliResult run_cli(const std::string& args, const std::string& input = "") {
    char in_path[] = "/tmp/umpire-test-in-XXXXXX";
    char out_path[] = "/tmp/umpire-test-out-XXXXXX";
    char err_path[] = "/tmp/umpire-test-err-XXXXXX";
    int fi = mkstemp(in_path), fo = mkstemp(out_path), fe = mkstemp(err_path);
    close(fo);
    close(fe);
    if (write(fi, input.data(), input.size()) < 0) {}
    close(fi);
    const std::string cmd = std::string(UMPIRE_CLI_PATH) + " " + args + " <" + in_path + " >" + out_path + " 2>" + err_path;
    const int raw = std::system(cmd.c_str());
    CliResult r;
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    auto slurp = [](const char* p) {
        std::ifstream f(p);
        std::stringstream ss;
        ss << f.rdbuf();
        return ss.str();
    };
    r.out = slurp(out_path);
    r.err = slurp(err_path);
    unlink(in_path);
    unlink(out_path);
    unlink(err_path);
    return r;
}

// Temporary files made by temp_file() are removed when the test program exits.
struct TempFiles {
    std::vector<std::string> paths;
    ~TempFiles() {
        for (const auto& p : paths) unlink(p.c_str());
    }
};
inline TempFiles& temp_files() {
    static TempFiles t;
    return t;
}

// Writes `text` to a fresh temporary file and returns its path.
inline std::string temp_file(const std::string& text, const std::string& suffix = ".toml") {
    std::string path = "/tmp/umpire-test-XXXXXX" + suffix;
    std::vector<char> buf(path.begin(), path.end());
    buf.push_back('\0');
    int fd = mkstemps(buf.data(), static_cast<int>(suffix.size()));
    if (write(fd, text.data(), text.size()) < 0) {}
    close(fd);
    temp_files().paths.emplace_back(buf.data());
    return std::string(buf.data());
}

// The whole text of a file.
inline std::string read_text(const std::filesystem::path& p) {
    std::ifstream f(p);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

// A fresh copy of the shipped rules-data folder with `file` edited: the first `from` replaced by
// `to`. Throws (a test failure) when `from` is not in the file, so an edit can never silently miss.
inline std::filesystem::path rules_data_copy(const std::string& file, const std::string& from, const std::string& to) {
    namespace fs = std::filesystem;
    static int n = 0;
    const fs::path dir = fs::temp_directory_path() / ("umpire-rules-" + std::to_string(::getpid()) + "-" + std::to_string(n++));
    fs::remove_all(dir);
    fs::copy(UMPIRE_SOURCE_RULES_DATA, dir, fs::copy_options::recursive);
    std::string text = read_text(dir / file);
    const auto pos = text.find(from);
    if (pos == std::string::npos) throw std::runtime_error("rules_data_copy: \"" + from + "\" is not in " + file);
    text.replace(pos, from.size(), to);
    std::ofstream(dir / file) << text;
    return dir;
}

}  // namespace umpire::test
