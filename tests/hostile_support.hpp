// Support for the hostile-input tests (issue 14): run a small shell script around the real
// umpire-cli binary under a hard time limit, and check the one-line-per-problem contract.
//   run_script()       sh script with $CLI set; `timeout` kills it after 20 s (status 124)
//   lines()            stderr split into lines
//   scratch_dir()      a fresh folder for FIFOs, links and large files, removed at exit
#pragma once
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "support.hpp"

namespace umpire::test {

struct ScriptResult {
    int status = -1;
    std::string out, err;
    double seconds = 0;
};

// Runs `script` with sh; "$CLI" names the umpire-cli binary. Never hangs: a script still
// running after 20 s is killed and reports status 124 (GNU timeout).
inline ScriptResult run_script(const std::string& script) {
    const std::string sh = temp_file("CLI='" + std::string(UMPIRE_CLI_PATH) + "'\n" + script + "\n", ".sh");
    const std::string out = temp_file("", ".out"), err = temp_file("", ".err");
    const std::string cmd = "timeout -k 2 20 sh " + sh + " >" + out + " 2>" + err;
    const auto t0 = std::chrono::steady_clock::now();
    const int raw = std::system(cmd.c_str());
    ScriptResult r;
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.out = read_text(out);
    r.err = read_text(err);
    return r;
}

inline std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> v;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t nl = text.find('\n', start);
        if (nl == std::string::npos) nl = text.size();
        v.push_back(text.substr(start, nl - start));
        start = nl + 1;
    }
    return v;
}

// True when every line of `err` is `FILE:LINE:COL: message` for `file` (given literally).
inline bool all_located(const std::string& err, const std::string& file) {
    const std::regex loc("^[0-9]+:[0-9]+: .+");
    for (const auto& l : lines(err))
        if (l.rfind(file + ":", 0) != 0 || !std::regex_match(l.substr(file.size() + 1), loc)) return false;
    return !err.empty();
}

struct ScratchDir {
    std::filesystem::path path;
    ScratchDir() {
        static int n = 0;
        path = std::filesystem::temp_directory_path() /
               ("umpire-hostile-" + std::to_string(::getpid()) + "-" + std::to_string(n++));
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~ScratchDir() {
        std::error_code ec;
        std::filesystem::permissions(path, std::filesystem::perms::owner_all, std::filesystem::perm_options::add, ec);
        std::filesystem::remove_all(path, ec);
    }
    std::string operator/(const std::string& name) const { return (path / name).string(); }
};

}  // namespace umpire::test
