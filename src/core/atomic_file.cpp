// Atomic file writes (see atomic_file.hpp).
#include "core/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

namespace umpire {

namespace fs = std::filesystem;

std::optional<std::string> atomic_write(const fs::path& path, const std::string& data) {
    const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
    std::string tmpl = (dir / ("." + path.filename().string() + ".tmp-XXXXXX")).string();
    std::vector<char> name(tmpl.begin(), tmpl.end());
    name.push_back('\0');
    const int fd = ::mkstemp(name.data());
    if (fd < 0) return "cannot create a file in " + dir.string() + ": " + std::strerror(errno);
    const std::string tmp(name.data());
    auto fail = [&](const char* what) {
        const std::string msg = std::string(what) + " " + tmp + ": " + std::strerror(errno);
        ::close(fd);
        ::unlink(tmp.c_str());
        return msg;
    };
    struct stat st {};
    const mode_t mode = ::stat(path.c_str(), &st) == 0 ? (st.st_mode & 07777) : 0644;
    if (::fchmod(fd, mode) != 0) return fail("cannot set permissions of");
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return fail("cannot write");
        }
        done += std::size_t(n);
    }
    if (::fsync(fd) != 0) return fail("cannot flush");
    if (::close(fd) != 0) {
        ::unlink(tmp.c_str());
        return "cannot close " + tmp + ": " + std::strerror(errno);
    }
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        const std::string msg = "cannot replace " + path.string() + ": " + std::strerror(errno);
        ::unlink(tmp.c_str());
        return msg;
    }
    // The rename itself must reach the disk too.
    const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
    if (dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
    return std::nullopt;
}

}  // namespace umpire
