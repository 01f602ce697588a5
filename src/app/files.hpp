// File helpers for the window, free of any window-toolkit code so tests can use them:
// atomic writes, the state folder, and writing a situation table as a tidy file.
#pragma once
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

// Reads a whole file; nothing when it cannot be read.
std::optional<std::string> read_text(const std::filesystem::path& path);

// $XDG_STATE_HOME/umpire, else ~/.local/state/umpire.
std::filesystem::path default_state_dir();

// A situation table as TOML text in the style of shared/spec/situations.md:
// root keys first, then one [section] per table, arrays of tables inside a
// section as one inline table per line, root arrays of tables as [[name]].
// `order` lists preferred key names (others follow alphabetically).
std::string format_situation(const toml::table& t, const std::vector<std::string>& order);

}  // namespace umpire::app
