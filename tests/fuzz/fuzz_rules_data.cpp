// libFuzzer harness: one rules-data file's text, loaded by its system exactly as at start-up.
// The input's first line is a TOML comment naming the file it replaces, e.g.
//   # rules-data: spi-tank.toml
// (seeds in corpus/rules_data/ are the shipped files with that line on top). The harness keeps
// a private copy of rules-data/ (rules_data.tmp/PID/ next to the binary), writes the input over
// that one file and calls the owning system's load(); other inputs are skipped. InputError is
// the normal outcome.
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "engine/engine.hpp"
#include "harness.hpp"

namespace fs = std::filesystem;

namespace {

// libFuzzer ends with _Exit, so atexit clean-up never runs: the copies live next to the harness
// binary, one folder per process, and each start removes those of processes that are gone.
void remove_stale_copies(const fs::path& parent) {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(parent, ec)) {
        const std::string name = e.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        if (::kill(static_cast<pid_t>(std::stol(name)), 0) != 0 && errno == ESRCH) fs::remove_all(e.path(), ec);
    }
}

const fs::path& rules_copy() {
    static const fs::path dir = [] {
        const fs::path parent = fs::read_symlink("/proc/self/exe").parent_path() / "rules_data.tmp";
        fs::create_directories(parent);
        remove_stale_copies(parent);
        const fs::path d = parent / std::to_string(::getpid());
        fs::remove_all(d);
        fs::copy(UMPIRE_SOURCE_RULES_DATA, d, fs::copy_options::recursive);
        return d;
    }();
    return dir;
}

// The system (freshly constructed) whose data files include `file`, else nullptr.
std::unique_ptr<umpire::GameSystem> owner_of(const std::string& file) {
    for (auto& s : umpire::make_all_systems())
        for (const auto& f : s->data_files())
            if (f == file) return std::move(s);
    return nullptr;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    static const std::string tag = "# rules-data: ";
    if (text.compare(0, tag.size(), tag) != 0) return 0;
    const std::size_t eol = text.find('\n');
    if (eol == std::string::npos) return 0;
    const std::string file = text.substr(tag.size(), eol - tag.size());
    auto system = owner_of(file);
    if (!system) return 0;

    const fs::path dir = rules_copy();
    const fs::path path = dir / file;
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(text.data(), static_cast<std::streamsize>(text.size()));
        if (!out.flush()) umpire::fuzz::finding("cannot write " + path.string());
    }
    umpire::fuzz::run_guarded(path.string(), [&] { system->load(dir); });
    return 0;
}
