// File helpers (see files.hpp).
//
// Sections
//   1. atomic_write, read_text
//   2. the state folder: default_state_dir, prepare_state_dir, StateLock
//   3. format_situation
#include "window/shell/files.hpp"

#include <fcntl.h>
#include <pwd.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "core/atomic_file.hpp"
#include "core/diag.hpp"
#include "core/input.hpp"
#include "core/text.hpp"

namespace umpire::app {

namespace fs = std::filesystem;

// =====================================================================================
// 1. atomic_write, read_text, default_state_dir
// =====================================================================================

std::optional<std::string> atomic_write(const fs::path& path, const std::string& data) {
    // The engine's writer, shared with the board painter's save (core/atomic_file.hpp).
    return umpire::atomic_write(path, data);
}

std::optional<std::string> read_text(const fs::path& path, std::string* error) {
    // The engine's one bounded reader: regular files only (a FIFO never blocks), at most
    // kMaxTomlBytes, UTF-8 text; its message is the located FILE:1:1 line without the location.
    try {
        return read_input_file(path, path.string());
    } catch (const InputError& e) {
        if (error) {
            const auto& d = e.diagnostics();
            *error = d.empty() ? std::string("cannot be read") : d.front().message;
        }
    }
    return std::nullopt;
}

// =====================================================================================
// 2. the state folder
// =====================================================================================

std::optional<fs::path> state_dir_from(const char* xdg_state_home, const char* home, const char* pw_home) {
    // The XDG spec ignores a relative XDG_STATE_HOME; so do we.
    if (xdg_state_home && *xdg_state_home == '/') return fs::path(xdg_state_home) / "umpire";
    if (home && *home == '/') return fs::path(home) / ".local" / "state" / "umpire";
    if (pw_home && *pw_home == '/') return fs::path(pw_home) / ".local" / "state" / "umpire";
    return std::nullopt;
}

std::optional<fs::path> default_state_dir() {
    const struct passwd* pw = ::getpwuid(::geteuid());
    return state_dir_from(std::getenv("XDG_STATE_HOME"), std::getenv("HOME"), pw ? pw->pw_dir : nullptr);
}

std::optional<std::string> prepare_state_dir(const fs::path& dir) {
    const std::string name = dir.string();
    std::error_code ec;
    if (dir.has_parent_path()) fs::create_directories(dir.parent_path(), ec);
    if (ec) return "cannot create " + dir.parent_path().string() + ": " + ec.message();
    if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) return "cannot create " + name + ": " + std::strerror(errno);
    struct stat st {};
    if (::stat(dir.c_str(), &st) != 0) return "cannot use " + name + ": " + std::strerror(errno);
    if (!S_ISDIR(st.st_mode)) return name + " is not a folder";
    // Another user's folder (e.g. planted in a shared place) is never read or written.
    if (st.st_uid != ::geteuid()) return name + " belongs to another user";
    if (::access(dir.c_str(), R_OK | W_OK | X_OK) != 0)
        return "cannot read, write and search " + name + ": " + std::strerror(errno);
    return std::nullopt;
}

StateLock::~StateLock() { release(); }

void StateLock::release() {
    if (fd_ >= 0) ::close(fd_);  // closing the file drops the flock
    fd_ = -1;
}

StateLock::Result StateLock::take(const fs::path& dir, std::string* error) {
    release();
    const fs::path p = dir / "lock";
    const int fd = ::open(p.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) {
        if (error) *error = "cannot open " + p.string() + ": " + std::strerror(errno);
        return Result::failed;
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        const int e = errno;
        ::close(fd);
        if (e == EWOULDBLOCK) return Result::busy;
        if (error) *error = "cannot lock " + p.string() + ": " + std::strerror(e);
        return Result::failed;
    }
    fd_ = fd;
    return Result::taken;
}

// =====================================================================================
// 3. format_situation
// =====================================================================================

namespace {

// A TOML basic string: its escapes, DEL included (core/text.hpp).
std::string quoted(const std::string& s) {
    std::string out;
    append_quoted(out, s, true);
    return out;
}

std::string key_text(const std::string& k) {
    const bool bare = !k.empty() && std::all_of(k.begin(), k.end(), [](unsigned char c) {
        return std::isalnum(c) || c == '_' || c == '-';
    });
    return bare ? k : quoted(k);
}

std::vector<std::string> ordered_keys(const toml::table& t, const std::vector<std::string>& order) {
    std::vector<std::string> keys;
    for (const auto& [k, v] : t) keys.emplace_back(k.str());
    auto rank = [&](const std::string& k) {
        const auto it = std::find(order.begin(), order.end(), k);
        return it == order.end() ? order.size() : std::size_t(it - order.begin());
    };
    std::stable_sort(keys.begin(), keys.end(), [&](const std::string& a, const std::string& b) {
        const auto ra = rank(a), rb = rank(b);
        return ra != rb ? ra < rb : a < b;
    });
    return keys;
}

bool is_array_of_tables(const toml::node& n) {
    const toml::array* a = n.as_array();
    if (!a || a->empty()) return false;
    for (const auto& e : *a)
        if (!e.is_table()) return false;
    return true;
}

std::string value_text(const toml::node& n, const std::vector<std::string>& order) {
    if (const auto* s = n.as_string()) return quoted(s->get());
    if (const auto* i = n.as_integer()) return std::to_string(i->get());
    if (const auto* b = n.as_boolean()) return b->get() ? "true" : "false";
    if (const auto* a = n.as_array()) {
        std::string out = "[";
        bool first = true;
        for (const auto& e : *a) {
            out += (first ? "" : ", ") + value_text(e, order);
            first = false;
        }
        return out + "]";
    }
    if (const auto* t = n.as_table()) {
        if (t->empty()) return "{}";
        std::string out = "{ ";
        bool first = true;
        for (const auto& k : ordered_keys(*t, order)) {
            out += (first ? "" : ", ") + key_text(k) + " = " + value_text(*t->get(k), order);
            first = false;
        }
        return out + " }";
    }
    std::ostringstream ss;  // floats, dates, times: toml++'s own spelling
    n.visit([&](const auto& v) { ss << v; });
    return ss.str();
}

// The key/value lines of one table; sub-tables are returned for their own [headers].
std::string body_text(const toml::table& t, const std::vector<std::string>& order, const std::string& prefix,
                      std::vector<std::pair<std::string, const toml::table*>>& subtables) {
    std::string out;
    for (const auto& k : ordered_keys(t, order)) {
        const toml::node& v = *t.get(k);
        if (const auto* sub = v.as_table()) {
            subtables.emplace_back(prefix + key_text(k), sub);
        } else if (is_array_of_tables(v)) {
            out += key_text(k) + " = [\n";
            for (const auto& e : *v.as_array()) out += "  " + value_text(e, order) + ",\n";
            out += "]\n";
        } else {
            out += key_text(k) + " = " + value_text(v, order) + "\n";
        }
    }
    return out;
}

void emit_table(std::string& out, const std::string& header, const toml::table& t, const std::vector<std::string>& order) {
    std::vector<std::pair<std::string, const toml::table*>> subs;
    out += "\n[" + header + "]\n" + body_text(t, order, header + ".", subs);
    for (const auto& [h, s] : subs) emit_table(out, h, *s, order);
}

}  // namespace

std::string format_situation(const toml::table& t, const std::vector<std::string>& order) {
    std::string out;
    std::vector<std::pair<std::string, const toml::table*>> subs;
    std::vector<std::string> root_arrays;
    for (const auto& k : ordered_keys(t, order)) {
        const toml::node& v = *t.get(k);
        if (v.is_table()) {
            subs.emplace_back(key_text(k), v.as_table());
        } else if (is_array_of_tables(v)) {
            root_arrays.push_back(k);
        } else {
            out += key_text(k) + " = " + value_text(v, order) + "\n";
        }
    }
    for (const auto& [h, s] : subs) emit_table(out, h, *s, order);
    for (const auto& k : root_arrays) {
        for (const auto& e : *t.get(k)->as_array()) {
            std::vector<std::pair<std::string, const toml::table*>> inner;
            out += "\n[[" + key_text(k) + "]]\n" + body_text(*e.as_table(), order, k + ".", inner);
            for (const auto& [h, s] : inner) emit_table(out, h, *s, order);
        }
    }
    return out;
}

}  // namespace umpire::app
