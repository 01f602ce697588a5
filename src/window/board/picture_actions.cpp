// "Save picture…" and "Copy picture" (see picture_actions.hpp).
//
// Sections
//   1. drawing and writing   the picture of the source, save()
//   2. the clipboard         finding wl-copy or xclip, handing it the PNG on its standard input
//   3. the Save popup
#include "window/board/picture_actions.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "core/canvas.hpp"
#include "core/diag.hpp"
#include "engine/picture.hpp"
#include "window/ui/widgets.hpp"

namespace umpire::app {

namespace fs = std::filesystem;

namespace {

// =====================================================================================
// 1. drawing and writing
// =====================================================================================

// The picture as PNG bytes, with its size in words; or why it could not be drawn.
struct Png {
    std::string bytes, size, error;
};

Png render(const PictureSource& s) {
    Png out;
    if (!s.engine || !s.ruling) {
        out.error = "there is no ruling to draw yet";
        return out;
    }
    try {
        const canvas::Canvas c = ruling_picture(*s.engine, {&s.situation, s.ruling, s.situation_dir, s.board, s.table, s.place ? &*s.place : nullptr});
        out.bytes = canvas::encode_png(c);
        out.size = std::to_string(c.width()) + " x " + std::to_string(c.height()) + " px";
    } catch (const InputError& e) {
        out.error = e.diagnostics().empty() ? std::string("the situation's board or table cannot be read") : e.diagnostics().front().str();
    } catch (const std::exception& e) {
        out.error = e.what();
    }
    return out;
}

// =====================================================================================
// 2. the clipboard
// =====================================================================================

// The full path of `name` on PATH, or "".
std::string on_path(const char* name) {
    const char* path = std::getenv("PATH");
    std::string dirs = path && *path ? path : "/usr/local/bin:/usr/bin:/bin";
    std::size_t start = 0;
    while (start <= dirs.size()) {
        const std::size_t end = dirs.find(':', start);
        const std::string dir = dirs.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (!dir.empty()) {
            const std::string cand = dir + "/" + name;
            if (::access(cand.c_str(), X_OK) == 0) return cand;
        }
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return "";
}

// Runs `argv` (argv[0] a full path) with `input` on its standard input, its output discarded and
// none of this window's other files open in it (the clipboard program stays running to serve the
// picture, and must not hold the state folder's lock). Returns the problem, or nothing when it
// exited 0 within 10 s.
std::optional<std::string> run_with_input(const std::vector<std::string>& argv, const std::string& input) {
    int fds[2];
    // A socket, not a pipe: send() with MSG_NOSIGNAL cannot kill the window with SIGPIPE when the
    // program exits early.
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) return std::string("cannot start it: ") + std::strerror(errno);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(fds[0]), ::close(fds[1]);
        return std::string("cannot start it: ") + std::strerror(errno);
    }
    if (pid == 0) {  // the child: only async-signal-safe calls until exec
        ::dup2(fds[1], 0);
        const int null = ::open("/dev/null", O_WRONLY);
        if (null >= 0) ::dup2(null, 1), ::dup2(null, 2);
        for (int fd = 3; fd < 1024; ++fd) ::close(fd);
        ::execv(args[0], args.data());
        ::_exit(127);
    }
    ::close(fds[1]);
    std::size_t done = 0;
    while (done < input.size()) {
        const ssize_t n = ::send(fds[0], input.data() + done, input.size() - done, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += std::size_t(n);
    }
    ::shutdown(fds[0], SHUT_WR);
    ::close(fds[0]);
    int status = 0;
    for (int i = 0; i < 1000; ++i) {
        const pid_t r = ::waitpid(pid, &status, WNOHANG);
        if (r == pid) {
            if (done < input.size()) return std::string("it stopped reading the picture");
            if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return std::nullopt;
            if (WIFEXITED(status) && WEXITSTATUS(status) == 127) return std::string("it could not be started");
            return "it failed (" + std::string(WIFEXITED(status) ? "exit status " + std::to_string(WEXITSTATUS(status)) : "killed by a signal") + ")";
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
    return std::string("it did not finish within 10 s");
}

}  // namespace

std::string PictureActions::clipboard_tool() {
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    const char* x11 = std::getenv("DISPLAY");
    if (wayland && *wayland)
        if (std::string p = on_path("wl-copy"); !p.empty()) return p;
    if (x11 && *x11)
        if (std::string p = on_path("xclip"); !p.empty()) return p;
    return "";
}

std::optional<std::string> PictureActions::save(const PictureSource& s, const fs::path& out) {
    const Png png = render(s);
    if (!png.error.empty()) return "cannot draw the picture: " + png.error;
    return canvas::write_file(out, png.bytes);
}

std::string PictureActions::copy(const PictureSource& s) {
    const std::string tool = clipboard_tool();
    if (tool.empty())
        return "Copying a picture needs xclip (X11) or wl-copy (Wayland), and neither is installed here "
               "(Debian: apt install xclip): use File > Save picture... (Ctrl+Shift+P) instead.";
    const Png png = render(s);
    if (!png.error.empty()) return "Picture not copied: cannot draw it: " + png.error;
    const bool wl = fs::path(tool).filename() == "wl-copy";
    const std::vector<std::string> argv = wl ? std::vector<std::string>{tool, "--type", "image/png"}
                                             : std::vector<std::string>{tool, "-selection", "clipboard", "-t", "image/png"};
    if (const auto err = run_with_input(argv, png.bytes))
        return "Picture not copied: " + fs::path(tool).filename().string() + " " + *err + ". Use File > Save picture... instead.";
    return "Picture copied to the clipboard (PNG, " + png.size + "): paste it into a forum post or a chat.";
}

fs::path PictureActions::default_path(const PictureSource& s) {
    fs::path dir = s.situation_dir;
    if (dir.empty()) {
        const char* home = std::getenv("HOME");
        dir = home && *home ? fs::path(home) : fs::current_path();
    }
    return dir / ((s.stem.empty() ? std::string("umpire") : s.stem) + "-ruling.png");
}

// =====================================================================================
// 3. the Save popup
// =====================================================================================

void PictureActions::ask_save(const PictureSource& s) {
    path_text_ = default_path(s).string();
    error_.clear();
    confirm_replace_ = false;
    want_open_ = true;
}

std::optional<std::string> PictureActions::draw(const std::function<PictureSource()>& source) {
    const char* id = "Save picture##picture";
    if (want_open_) {
        ImGui::OpenPopup(id);
        want_open_ = false;
    }
    open_ = ImGui::IsPopupOpen(id);
    if (!ImGui::BeginPopupModal(id, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return std::nullopt;
    std::optional<std::string> said;
    const float width = std::min(ImGui::GetMainViewport()->WorkSize.x * 0.8f, ImGui::GetFontSize() * 36.0f);
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
    ImGui::TextUnformatted("A PNG of the map with the line, the units, the verdict and the deciding reasons, "
                           "sized to stay readable when a forum shrinks it.");
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(width);
    bool go = ImGui::InputText("##picture_path", &path_text_, ImGuiInputTextFlags_EnterReturnsTrue);
    ui::probe("picture_path");
    if (ImGui::IsItemEdited()) confirm_replace_ = false, error_.clear();
    std::error_code ec;
    const fs::path target(path_text_);
    if (confirm_replace_) ImGui::TextColored(ui::dim_text(), "%s already exists: Save again replaces it.", target.filename().string().c_str());
    go |= ImGui::Button(confirm_replace_ ? "Replace" : "Save");
    ui::probe("picture_save");
    ImGui::SameLine();
    const bool cancel = ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false);
    if (!error_.empty()) ui::wrapped(ui::bad(), "\xe2\x9c\x96 " + error_);
    ImGui::PopTextWrapPos();
    if (go && !path_text_.empty()) {
        if (fs::is_regular_file(target, ec) && !confirm_replace_) {
            confirm_replace_ = true;
        } else if (const auto err = save(source(), target)) {
            error_ = "Not saved: " + *err;
            confirm_replace_ = false;
        } else {
            said = "Picture saved: " + target.string();
            ImGui::CloseCurrentPopup();
        }
    } else if (go) {
        error_ = "Give a file name, e.g. ruling.png";
    }
    if (cancel) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    return said;
}

}  // namespace umpire::app
