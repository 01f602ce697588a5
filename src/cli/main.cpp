// umpire-cli: the headless front end. Rulings for a person or as JSON.
//
//   umpire-cli [--rules-data DIR] COMMAND ...   (umpire-cli --help; COMMAND --help)
//
// The commands and their parser are app.cpp and commands.hpp; this file is the process around
// them. Output is composed in memory and written at the end with every write and the close of
// standard output checked (emit), so a ruling is never reported as printed when it was not.
//
// Sections
//   standard streams     reserve_standard_fds, emit
//   the end              finish
//   main
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "cli/commands.hpp"

namespace {

// ---- standard streams ---------------------------------------------------------

// A closed standard stream (`>&-`) would let the next open() take its number, and the
// ruling could then go to an input file's descriptor. Each closed one is filled with
// /dev/null opened in the opposite direction, so using it fails just as a closed one would.
void reserve_standard_fds() {
    for (int fd = 0; fd <= 2; ++fd) {
        if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        const int n = ::open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
        if (n >= 0 && n != fd) { ::dup2(n, fd); ::close(n); }
    }
}

// Writes `text` to standard output and closes it, checking both: a full disk reports an
// error only at write or close. Returns the exit status (0, or 1 with a message).
int emit(const std::string& text) {
    std::size_t done = 0;
    int err = 0;
    while (done < text.size() && !err) {
        const ssize_t n = ::write(STDOUT_FILENO, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) err = n < 0 ? errno : EIO;
        else done += static_cast<std::size_t>(n);
    }
    if (::close(STDOUT_FILENO) != 0 && !err && errno != EINTR) err = errno;
    if (!err) return 0;
    umpire::cli::say(std::string("cannot write to standard output: ") + std::strerror(err));
    return 1;
}

// ---- the end ------------------------------------------------------------------------

// Ends the process once its answer is out. Everything left -- the rules data, the parser, the
// static name lists -- is memory the system takes back anyway, so the destructors and exit
// handlers are skipped (std::_Exit), which saves about 0.04 ms of a 2 ms ruling (README "Speed").
// Nothing is lost: the answer went out by write() and standard output is closed (emit), standard
// error is unbuffered, and any stdio buffer is flushed here. Under the sanitizers the process ends
// normally, so that LeakSanitizer still looks for leaks at exit.
#if defined(__SANITIZE_ADDRESS__)
#define UMPIRE_EXIT_NORMALLY 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UMPIRE_EXIT_NORMALLY 1
#endif
#endif
[[noreturn]] void finish(int status) {
#ifdef UMPIRE_EXIT_NORMALLY
    std::exit(status);
#else
    std::fflush(nullptr);
    std::_Exit(status);
#endif
}

}  // namespace

// ---- main ---------------------------------------------------------------------

int main(int argc, char** argv) {
    reserve_standard_fds();
    std::string out;
    const int status = umpire::cli::run(std::vector<std::string>(argv + 1, argv + argc), out);
    if (status != 0 && status != 3) finish(status);  // nothing to print: the problems are on stderr
    const int written = emit(out);
    finish(written ? written : status);
}
