// Writing a file so that a crash or a full disk leaves either the old file or the new one, never
// a torn one. Engine-side (no window code), so the board writer and the window share it.
#pragma once
#include <filesystem>
#include <optional>
#include <string>

namespace umpire {

// Writes `data` to `path`: a temporary file in the same folder, fsync, rename over `path`, then
// fsync of the folder. Keeps an existing file's permissions (0644 for a new one). Returns an
// error message ("cannot write /x/.f.tmp-ab12: No space left on device"), or nothing on success;
// on failure the temporary file is removed and `path` is untouched.
std::optional<std::string> atomic_write(const std::filesystem::path& path, const std::string& data);

}  // namespace umpire
