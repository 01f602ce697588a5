// The bounded reader (see input.hpp).
//
// Sections
//   limits        describe_size
//   reading       open_regular (non-blocking open + fstat), read_bounded, the two readers
//   text checks   utf8_sequence, check_text
#include "core/input.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>

#include "core/diag.hpp"

namespace umpire {

// ---- limits -------------------------------------------------------------------

std::string describe_size(std::size_t bytes) {
    if (bytes >= (std::size_t(1) << 20) && bytes % (std::size_t(1) << 20) == 0)
        return std::to_string(bytes >> 20) + " MiB";
    if (bytes >= 1024 && bytes % 1024 == 0) return std::to_string(bytes >> 10) + " KiB";
    return std::to_string(bytes) + " bytes";
}

static std::string too_large(std::size_t limit) {
    return "the file is too large: more than " + describe_size(limit) +
           " (the limit for this kind of file; see README.md, Limits)";
}

// ---- reading ------------------------------------------------------------------

static std::string cannot_read(int err) { return std::string("cannot read: ") + std::strerror(err); }

// Closes a descriptor on every path out of a reader.
struct Fd {
    int fd = -1;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
};

// Why a file of this type cannot be read as input, or empty when it can.
static std::string refuse_type(mode_t mode) {
    if (S_ISREG(mode)) return {};
    if (S_ISDIR(mode)) return "is a folder, not a TOML file";
    if (S_ISFIFO(mode)) return "is a pipe (FIFO), not a regular file (to read a stream, give '-' and redirect it to standard input)";
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "is a device, not a regular file";
    if (S_ISSOCK(mode)) return "is a socket, not a regular file";
    return "is not a regular file";
}

// Reads `fd` to its end, refusing more than `limit` bytes: it never asks for more than
// limit+1 bytes in all, so an endless stream costs limit+1 bytes of memory at most. It reads
// straight into the string, sized from `size_hint` (a regular file's size) plus the one byte that
// shows the end: no copy, and no 64 KB buffer on a fresh stack (issue 21, point 6).
static std::string read_bounded(int fd, const std::string& name, std::size_t limit, std::size_t size_hint) {
    std::string out(std::min(size_hint, limit) + 1, '\0');
    std::size_t len = 0;
    for (;;) {
        if (len == out.size()) out.resize(std::min(std::max<std::size_t>(2 * len, 4096), limit + 1), '\0');
        const ssize_t n = ::read(fd, &out[len], out.size() - len);
        if (n == 0) {
            out.resize(len);
            return out;
        }
        if (n < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK) {  // a non-blocking stream: wait for data
                pollfd p{fd, POLLIN, 0};
                ::poll(&p, 1, -1);
                continue;
            }
            throw_file_error(name, cannot_read(errno));
        }
        len += static_cast<std::size_t>(n);
        if (len > limit) throw_file_error(name, too_large(limit));
    }
}

static ReadObserver read_observer = nullptr;

void set_read_observer(ReadObserver observer) { read_observer = observer; }

std::string read_input_file(const std::filesystem::path& path, const std::string& display_name, std::size_t limit) {
    if (read_observer) read_observer(path);
    // O_NONBLOCK: opening a FIFO must not wait for a writer; the type is checked next.
    Fd f;
    f.fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (f.fd < 0) throw_file_error(display_name, cannot_read(errno));
    struct stat st {};
    if (::fstat(f.fd, &st) != 0) throw_file_error(display_name, cannot_read(errno));
    if (const std::string why = refuse_type(st.st_mode); !why.empty()) throw_file_error(display_name, why);
    if (st.st_size > 0 && static_cast<std::size_t>(st.st_size) > limit) throw_file_error(display_name, too_large(limit));
    return read_bounded(f.fd, display_name, limit, static_cast<std::size_t>(st.st_size));
}

std::string read_standard_input(const std::string& display_name, std::size_t limit) {
    struct stat st {};
    if (::fstat(STDIN_FILENO, &st) != 0) throw_file_error(display_name, cannot_read(errno));
    if (S_ISDIR(st.st_mode)) throw_file_error(display_name, "is a folder, not a TOML file");
    std::size_t hint = 4096;
    if (S_ISREG(st.st_mode)) {
        if (st.st_size > 0 && static_cast<std::size_t>(st.st_size) > limit) throw_file_error(display_name, too_large(limit));
        hint = static_cast<std::size_t>(st.st_size);
    }
    return read_bounded(STDIN_FILENO, display_name, limit, hint);
}

// ---- text checks ----------------------------------------------------------------

// The first byte at or after `i` that is not plain ASCII text (a NUL or a byte >= 0x80), or
// text.size(). Eight bytes at a time: rules-data files are tens of kilobytes of ASCII, and this
// scan was a tenth of `umpire-cli rule`'s time when it decoded every character.
static std::size_t skip_ascii(std::string_view text, std::size_t i) {
    constexpr std::uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    for (; i + 8 <= text.size(); i += 8) {
        std::uint64_t w;
        std::memcpy(&w, text.data() + i, 8);
        if (((w - ones) & ~w & highs) != 0 || (w & highs) != 0) break;  // a zero byte, or a high bit
    }
    while (i < text.size() && text[i] != '\0' && static_cast<unsigned char>(text[i]) < 0x80) ++i;
    return i;
}

void check_text(std::string_view text, const std::string& display_name, std::size_t limit) {
    if (text.size() > limit) throw_file_error(display_name, too_large(limit));
    std::size_t i = 0;
    while ((i = skip_ascii(text, i)) < text.size()) {
        char32_t c = 0;
        const std::size_t n = utf8_sequence(text, i, &c);
        if (n != 0 && c != 0) {
            i += n;
            continue;
        }
        // Located like an editor: the line, and the column in characters (everything before
        // byte i is well-formed UTF-8, so a character is a byte that is not a continuation byte).
        int line = 1, column = 1;
        for (std::size_t k = 0; k < i; ++k) {
            if (text[k] == '\n') line++, column = 1;
            else if ((static_cast<unsigned char>(text[k]) & 0xc0) != 0x80) ++column;
        }
        const std::string why = n == 0 ? "not UTF-8 text (a binary file?): the byte " + escape_text(text.substr(i, 1)) + " here is not UTF-8"
                                       : "a binary file: a NUL byte here (situations and rules data are UTF-8 text)";
        throw InputError({Diagnostic{display_name, line, column, why}});
    }
}

}  // namespace umpire
