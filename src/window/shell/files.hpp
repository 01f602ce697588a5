// File helpers for the window, free of any window-toolkit code so tests can use them:
// atomic writes, bounded reads, the per-user state folder and its lock, and writing a
// situation table as a tidy file.
#pragma once
#include "core/input.hpp"
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <toml++/toml.h>

namespace umpire::app {

// Writes `data` to `path` so that a crash leaves either the old file or the new
// one, never a torn one: a temporary file in the same folder, fsync, rename,
// then fsync of the folder. Keeps an existing file's permissions. Returns an
// error message, or nothing on success.
std::optional<std::string> atomic_write(const std::filesystem::path& path, const std::string& data);

// The largest file the window reads (a situation or a state file is a few kilobytes): the
// engine's limit for every TOML input, so the window and the CLI refuse the same files.
constexpr std::size_t kMaxReadBytes = kMaxTomlBytes;

// Reads a whole regular file of at most kMaxReadBytes (with the engine's bounded reader); nothing when it cannot be read, with
// the reason in *error ("is not a regular file", "is too large", the system's message). A
// folder, a device such as /dev/zero or a FIFO is refused without blocking or reading it.
std::optional<std::string> read_text(const std::filesystem::path& path, std::string* error = nullptr);

// The per-user state folder, never a shared one: $XDG_STATE_HOME/umpire (an absolute path),
// else HOME/.local/state/umpire, else the password database's home/.local/state/umpire;
// nothing when none is known. state_dir_from() is the rule, default_state_dir() applies it
// to this process's environment.
std::optional<std::filesystem::path> state_dir_from(const char* xdg_state_home, const char* home, const char* pw_home);
std::optional<std::filesystem::path> default_state_dir();

// Creates the state folder (mode 0700, parents as needed) and checks it can be used: a
// folder, owned by this user, readable, writable and searchable. Returns the problem, or
// nothing when the folder is fine.
std::optional<std::string> prepare_state_dir(const std::filesystem::path& dir);

// An exclusive lock on DIR/lock (flock), held while the object lives: one window per state
// folder writes its autosave and session.
class StateLock {
public:
    enum class Result { taken, busy, failed };
    StateLock() = default;
    StateLock(const StateLock&) = delete;
    StateLock& operator=(const StateLock&) = delete;
    ~StateLock();
    // busy: another process (or another open in this one) holds it; failed: *error says why.
    Result take(const std::filesystem::path& dir, std::string* error);
    void release();

private:
    int fd_ = -1;
};

// A situation table as TOML text in the style of docs/situations.md:
// root keys first, then one [section] per table, arrays of tables inside a
// section as one inline table per line, root arrays of tables as [[name]].
// `order` lists preferred key names (others follow alphabetically).
std::string format_situation(const toml::table& t, const std::vector<std::string>& order);

}  // namespace umpire::app
