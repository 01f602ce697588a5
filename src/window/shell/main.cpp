// umpire: the referee window (Dear ImGui 1.86 + GLFW 3.3 + OpenGL 3.3 via glad).
//
//   umpire [FILE | --situation FILE] [--rules-data DIR] [--state-dir DIR]
//          [--scale S] [--size WxH] [--screenshot OUT.png [--check-clipping]] [--test-layout]
//
// Sections
//   1. options
//   2. fonts and style (rebuilt when the UI scale changes)
//   3. input: callbacks that wake the event loop; key releases held back a frame
//   4. one frame, and the screenshot
//   5. main: set-up (state folder, GLFW, the App started beside the window, ImGui), the
//      screenshot's frames or the event-driven loop (the window sleeps when idle), shut-down
#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <csignal>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <pthread.h>
#include <time.h>
#include <unistd.h>

#include <chrono>
#include <cstring>

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>
#include <stb_image_write.h>

#include "window/shell/app.hpp"
#include "window/board/view.hpp"
#include "window/shell/files.hpp"
#include "window/ui/picture_texture.hpp"
#include "window/ui/widgets.hpp"
#include "core/diag.hpp"

namespace fs = std::filesystem;
using umpire::app::App;
using umpire::app::Options;

namespace {

// =====================================================================================
// 1. options
// =====================================================================================

bool g_check_clipping = false;            // --check-clipping (tests/gui/clipping-test.sh)
std::vector<std::string> g_clipped;       // what the last checked frame cut off

const char* kUsage =
    "Usage: umpire [FILE] [options]\n"
    "\n"
    "The referee window: the situation on the left, the ruling on the right,\n"
    "recomputed on every change. Edits are autosaved and come back on the next start.\n"
    "\n"
    "Options:\n"
    "  --situation FILE     open this situation file (same as giving FILE)\n"
    "  --rules-data DIR     use the rules data in DIR (default: the shipped rules-data)\n"
    "  --state-dir DIR      keep the session, autosave and layout in DIR\n"
    "                       (default: $XDG_STATE_HOME/umpire or ~/.local/state/umpire;\n"
    "                       one window autosaves there, a second one says it does not)\n"
    "  --scale S            UI scale, e.g. 1, 1.5 or 2 (default: remembered, else the monitor's)\n"
    "  --size WxH           window size in pixels (default: remembered, else 1280x800)\n"
    "  --screenshot OUT.png render the window once, write it as a PNG and exit\n"
    "                       (reads and writes no session; exit 2 if the situation or rules\n"
    "                       data is wrong, the PNG then shows the problem)\n"
    "  --check-clipping     with --screenshot: list on stderr every window, table cell or\n"
    "                       text the window cuts off, and exit 3 when there is one\n"
    "  --board-overlay NAME start the board view with an overlay on: 'visibility' or\n"
    "                       'kill-chance' (screenshots of the board view)\n"
    "  --board-mode MODE    start the board view in 'rule' (the default), 'paint' or\n"
    "                       'picture' mode (a board with a picture: its calibration)\n"
    "  --show-shortcuts     start with the keyboard shortcuts list (F1) open\n"
    "  --map-only           start with the map filling the window (as F11)\n"
    "  --test-layout        write the rectangles of named widgets to STATE-DIR/layout.txt\n"
    "                       and let F12 write STATE-DIR/screen.png (for end-to-end tests)\n"
    "  -h, --help, --version\n";

// --scale S: a UI scale from 0.5 to 4; says why on stderr when it is not one.
bool parse_scale(const std::string& value, Options& o) {
    char* end = nullptr;
    const float s = std::strtof(value.c_str(), &end);
    if (!end || *end || !(s >= 0.5f && s <= 4.0f)) {
        std::cerr << "umpire: --scale takes a number from 0.5 to 4, not '" << value << "'\n";
        return false;
    }
    o.scale = s;
    return true;
}

// --size WxH: a window size of at least 320x240; says why on stderr when it is not one.
bool parse_size(const std::string& value, Options& o) {
    int w = 0, h = 0;
    char x = 0;
    if (std::sscanf(value.c_str(), "%d%c%d", &w, &x, &h) != 3 || (x != 'x' && x != 'X') || w < 320 || h < 240) {
        std::cerr << "umpire: --size takes WIDTHxHEIGHT, at least 320x240, not '" << value << "'\n";
        return false;
    }
    o.width = w;
    o.height = h;
    return true;
}

// The command line into `o`. Returns false when the program should stop: exit_code is then 0
// (--help, --version) or 1 (a bad option, already explained on stderr).
bool parse_options(int argc, char** argv, Options& o, int& exit_code) {
    std::vector<std::string> args(argv + 1, argv + argc);
    auto fail = [&] {
        exit_code = 1;
        return false;
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string a = args[i], value;
        bool has_value = false;
        if (a.rfind("--", 0) == 0 && a.find('=') != std::string::npos) {
            value = a.substr(a.find('=') + 1);
            a = a.substr(0, a.find('='));
            has_value = true;
        }
        auto need = [&](const char* what) -> bool {
            if (has_value) return true;
            if (i + 1 >= args.size()) {
                std::cerr << "umpire: " << a << " needs " << what << "\n";
                return false;
            }
            value = args[++i];
            return true;
        };
        if (a == "-h" || a == "--help") { std::cout << kUsage; exit_code = 0; return false; }
        if (a == "--version") { std::cout << "umpire " << UMPIRE_VERSION << "\n"; exit_code = 0; return false; }
        if (a == "--test-layout") { o.test_layout = true; continue; }
        if (a == "--check-clipping") { g_check_clipping = true; continue; }
        if (a == "--show-shortcuts") { o.show_shortcuts = true; continue; }
        if (a == "--map-only") { o.map_only = true; continue; }
        if (a == "--situation") { if (!need("a file")) return fail(); o.situation = value; continue; }
        if (a == "--rules-data") { if (!need("a folder")) return fail(); o.rules_dir = value; continue; }
        if (a == "--state-dir") { if (!need("a folder")) return fail(); o.state_dir = value; continue; }
        if (a == "--screenshot") { if (!need("a PNG file name")) return fail(); o.screenshot = value; continue; }
        if (a == "--board-overlay") {
            if (!need("'visibility' or 'kill-chance'")) return fail();
            if (value != "visibility" && value != "kill-chance") {
                std::cerr << "umpire: --board-overlay takes 'visibility' or 'kill-chance', not " << umpire::quoted_value(value) << "\n";
                return fail();
            }
            (value == "visibility" ? umpire::app::BoardView::defaults().visibility : umpire::app::BoardView::defaults().kill_chance) = true;
            continue;
        }
        if (a == "--board-mode") {
            if (!need("'rule', 'paint' or 'picture'")) return fail();
            if (value != "rule" && value != "paint" && value != "picture") {
                std::cerr << "umpire: --board-mode takes 'rule', 'paint' or 'picture', not " << umpire::quoted_value(value) << "\n";
                return fail();
            }
            umpire::app::BoardView::defaults().paint = value == "paint";
            umpire::app::BoardView::defaults().picture = value == "picture";
            continue;
        }
        if (a == "--scale") {
            if (!need("a number") || !parse_scale(value, o)) return fail();
            continue;
        }
        if (a == "--size") {
            if (!need("WxH") || !parse_size(value, o)) return fail();
            continue;
        }
        if (!a.empty() && a[0] == '-') {
            std::cerr << "umpire: unknown option " << a << "\n" << kUsage;
            return fail();
        }
        if (!o.situation.empty()) {
            std::cerr << "umpire: one situation file at a time\n";
            return fail();
        }
        o.situation = a;
    }
    return true;
}

// =====================================================================================
// 2. fonts and style
// =====================================================================================

void build_fonts(float scale) {
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    // Latin-1 plus the punctuation, arrows and symbols rulings use (— • ≤ ≥ °).
    static const ImWchar ranges[] = {0x0020, 0x00FF, 0x2010, 0x205E, 0x2190, 0x21FF, 0x2212, 0x2212,
                                     0x2264, 0x2265, 0x25A0, 0x25FF, 0x2714, 0x2716, 0};  // ✔ ✖ mark the verdict's tone
    const fs::path dir = "/usr/share/fonts/truetype/dejavu";
    ImFontConfig cfg;
    cfg.OversampleH = 2;
    cfg.OversampleV = 1;
    auto load = [&](const char* file, float px) -> ImFont* {
        const fs::path p = dir / file;
        std::error_code ec;
        if (!fs::exists(p, ec)) return nullptr;
        return io.Fonts->AddFontFromFileTTF(p.c_str(), px, &cfg, ranges);
    };
    auto& f = umpire::app::ui::fonts();
    const float base = std::round(16.0f * scale);
    f.regular = load("DejaVuSans.ttf", base);
    if (!f.regular) {
        // fonts-dejavu-core missing: ImGui's own font, scaled (blurrier, but readable).
        ImFontConfig d;
        d.SizePixels = std::round(13.0f * scale);
        f.regular = f.bold = f.big = f.verdict = io.Fonts->AddFontDefault(&d);
        std::cerr << "umpire: DejaVu fonts not found in " << dir.string() << " (install fonts-dejavu-core)\n";
    } else {
        f.bold = load("DejaVuSans-Bold.ttf", base);
        if (!f.bold) f.bold = f.regular;
        f.big = load("DejaVuSans-Bold.ttf", std::round(24.0f * scale));
        if (!f.big) f.big = f.bold;
        // The verdict, pinned at the top of the ruling side: bold at 1.9x the body, read from two metres.
        // Only the glyphs a verdict uses, so the larger font adds little to the atlas and the start.
        static const ImWchar verdict_ranges[] = {0x0020, 0x00FF, 0x2010, 0x2027, 0x2212, 0x2212, 0x2264, 0x2265,
                                                 0x25B2, 0x25B2, 0x25CF, 0x25CF, 0x2714, 0x2716, 0};  // ▲ a referee's call
        const fs::path vp = dir / "DejaVuSans-Bold.ttf";
        std::error_code vec;
        f.verdict = fs::exists(vp, vec) ? io.Fonts->AddFontFromFileTTF(vp.c_str(), std::round(30.0f * scale), &cfg, verdict_ranges)
                                        : nullptr;
        if (!f.verdict) f.verdict = f.big;
    }
    io.FontDefault = f.regular;
}

void apply_style(float scale) {
    ImGuiStyle st;
    ImGui::StyleColorsDark(&st);
    st.WindowRounding = 0.0f;
    st.ChildRounding = 3.0f;
    st.FrameRounding = 3.0f;
    st.PopupRounding = 3.0f;
    st.GrabRounding = 3.0f;
    st.FramePadding = ImVec2(6, 4);
    st.ItemSpacing = ImVec2(8, 6);
    st.WindowPadding = ImVec2(10, 8);
    st.Colors[ImGuiCol_WindowBg] = ImVec4(0.09f, 0.10f, 0.12f, 1.0f);
    st.Colors[ImGuiCol_ChildBg] = ImVec4(0.11f, 0.12f, 0.14f, 1.0f);
    // Opaque frames and popups: nothing behind a field or a dialog shows through its text.
    st.Colors[ImGuiCol_PopupBg] = ImVec4(0.12f, 0.13f, 0.16f, 1.0f);
    st.Colors[ImGuiCol_FrameBg] = ImVec4(0.13f, 0.20f, 0.31f, 1.0f);
    st.Colors[ImGuiCol_FrameBgHovered] = ImVec4(0.16f, 0.30f, 0.46f, 1.0f);
    st.Colors[ImGuiCol_FrameBgActive] = ImVec4(0.20f, 0.43f, 0.70f, 1.0f);
    st.ScaleAllSizes(scale);
    ImGui::GetStyle() = st;
}

// The font atlas as a one-channel texture (a quarter of the backend's RGBA copy in the GL
// driver, which keeps textures in main memory on software renderers), swizzled so ImGui's
// shader still reads white glyphs with coverage in alpha. The CPU-side pixels and the font
// files are freed once uploaded: the atlas is rebuilt from the files only when the scale changes.
GLuint g_font_texture = 0;

void upload_fonts() {
    ImGuiIO& io = ImGui::GetIO();
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsAlpha8(&pixels, &w, &h);
    if (g_font_texture) glDeleteTextures(1, &g_font_texture);
    glGenTextures(1, &g_font_texture);
    glBindTexture(GL_TEXTURE_2D, g_font_texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    const GLint swizzle[] = {GL_ONE, GL_ONE, GL_ONE, GL_RED};
    glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, swizzle);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, w, h, 0, GL_RED, GL_UNSIGNED_BYTE, pixels);
    io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(g_font_texture)));
    io.Fonts->ClearTexData();
    io.Fonts->ClearInputData();
}

void rebuild_for_scale(float scale, bool device_ready) {
    build_fonts(scale);
    if (device_ready) upload_fonts();
    apply_style(scale);
}

// The font atlas rasterised ahead (6 ms of CPU, 40 ms and more of wall time on the busy shared
// machine), on the start-up thread while the OpenGL context is made: 0 when not built ahead, else
// its scale. The main thread then only uploads it.
float g_atlas_scale = 0.0f;

void build_atlas_ahead(float scale) {
    build_fonts(scale);
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    ImGui::GetIO().Fonts->GetTexDataAsAlpha8(&pixels, &w, &h);  // rasterises every glyph now
    // The OpenGL backend insists on making its own RGBA copy first (start_imgui replaces it with
    // the one-channel texture): converted here too, so the main thread only uploads it.
    ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    g_atlas_scale = scale;
}

// =====================================================================================
// 3. input
// =====================================================================================

// ImGui 1.86 reads key state once per frame, so a key pressed and released
// between two frames (xdotool, fast typists) would never be seen down. While a
// press has not been seen by a frame, releases are held back and delivered
// after the next frame. Every event also wakes the idle loop.
struct Input {
    bool woke = false;
    std::set<int> pressed;
    std::vector<std::array<int, 4>> held;  // key, scancode, action, mods
    std::vector<std::string> drops;
    bool test_mode = false;  // --test-layout: F12 writes STATE/screen.png (for reviewing interactive states)
    bool snap = false;
} g_in;

void on_key(GLFWwindow* w, int key, int sc, int action, int mods) {
    g_in.woke = true;
    if (g_in.test_mode && key == GLFW_KEY_F12 && action == GLFW_PRESS) {
        g_in.snap = true;
        return;
    }
    if (action == GLFW_PRESS) g_in.pressed.insert(key);
    // Any release after a press not yet seen by a frame waits, modifiers included:
    // Ctrl+Shift+S must not reach ImGui as Ctrl+S because Shift went up first.
    if (action == GLFW_RELEASE && !g_in.pressed.empty()) {
        g_in.held.push_back({key, sc, action, mods});
        return;
    }
    ImGui_ImplGlfw_KeyCallback(w, key, sc, action, mods);
}
void on_char(GLFWwindow* w, unsigned int c) { g_in.woke = true; ImGui_ImplGlfw_CharCallback(w, c); }
void on_button(GLFWwindow* w, int b, int a, int m) { g_in.woke = true; ImGui_ImplGlfw_MouseButtonCallback(w, b, a, m); }
void on_scroll(GLFWwindow* w, double x, double y) { g_in.woke = true; ImGui_ImplGlfw_ScrollCallback(w, x, y); }
void on_focus(GLFWwindow* w, int f) { g_in.woke = true; ImGui_ImplGlfw_WindowFocusCallback(w, f); }
void on_enter(GLFWwindow* w, int e) { g_in.woke = true; ImGui_ImplGlfw_CursorEnterCallback(w, e); }
void on_cursor(GLFWwindow*, double, double) { g_in.woke = true; }
void on_refresh(GLFWwindow*) { g_in.woke = true; }
void on_resize(GLFWwindow*, int, int) { g_in.woke = true; }
void on_drop(GLFWwindow*, int n, const char** paths) {
    g_in.woke = true;
    for (int i = 0; i < n; ++i) g_in.drops.emplace_back(paths[i]);
}

bool release_held_keys(GLFWwindow* w) {
    const bool any = !g_in.held.empty();
    for (const auto& k : g_in.held) ImGui_ImplGlfw_KeyCallback(w, k[0], k[1], k[2], k[3]);
    g_in.held.clear();
    g_in.pressed.clear();
    return any;
}

std::string g_glfw_error;
// ---- termination signals ----
// SIGTERM (logout, shutdown, `kill`), SIGINT (Ctrl+C in a terminal) and SIGHUP (the terminal
// closed) end the window like Ctrl+Q, so an edit made in the last 0.3 s is autosaved too. The
// signals are blocked in every thread (before GLFW and the GL driver start theirs) and taken by one
// thread in sigwait(), which may then safely wake the event loop with glfwPostEmptyEvent().
std::atomic<int> g_stop_signal{0};

sigset_t stop_signals() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGHUP);
    return set;
}

void block_stop_signals() {
    const sigset_t set = stop_signals();
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
}

void watch_stop_signals() {
    std::thread([] {
        const sigset_t set = stop_signals();
        for (;;) {
            int sig = 0;
            if (sigwait(&set, &sig) != 0) continue;
            if (g_stop_signal.exchange(sig) != 0) std::_Exit(128 + sig);  // a second signal: stop now
            glfwPostEmptyEvent();
        }
    }).detach();
}

void on_glfw_error(int code, const char* text) { g_glfw_error = "GLFW error " + std::to_string(code) + ": " + text; }

// =====================================================================================
// 4. one frame, and the screenshot
// =====================================================================================

bool write_png(const fs::path& out, int w, int h) {
    std::vector<unsigned char> px(std::size_t(w) * std::size_t(h) * 4);
    glReadBuffer(GL_BACK);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
    for (std::size_t i = 3; i < px.size(); i += 4) px[i] = 255;  // the window is opaque
    stbi_flip_vertically_on_write(1);
    return stbi_write_png(out.c_str(), w, h, 4, px.data(), w * 4) != 0;
}

// Keyboard navigation maps Space to "activate" and Enter only to "text input", so Enter on a
// focused list or combo did nothing. A press of Enter (its first frame, never the frame after it
// ended a text field's editing) outside text editing also activates: it opens a combo or list and
// chooses the item in an open one.
void enter_opens_lists() {
    ImGuiIO& io = ImGui::GetIO();
    if (io.WantTextInput || io.KeyCtrl || io.KeyAlt) return;
    for (const int key : {ImGuiKey_Enter, ImGuiKey_KeyPadEnter}) {
        const int k = io.KeyMap[key];
        if (k >= 0 && k < int(IM_ARRAYSIZE(io.KeysDown)) && io.KeysDown[k] && io.KeysDownDuration[k] < 0.0f)
            io.NavInputs[ImGuiNavInput_Activate] = 1.0f;
    }
}

// Returns false when a requested screenshot could not be written.
bool render_frame(GLFWwindow* window, App& app, const fs::path* shot, bool shot_mode) {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    // A screenshot shows the window as it is, not hover effects of wherever Xvfb's pointer happens to be.
    if (shot_mode) ImGui::GetIO().MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    enter_opens_lists();
    ImGui::NewFrame();
    app.draw();
    ImGui::Render();
    if (shot && g_check_clipping) g_clipped = umpire::app::ui::clipped_items(ImGui::GetDrawData());
    int fw = 0, fh = 0;
    glfwGetFramebufferSize(window, &fw, &fh);
    glViewport(0, 0, fw, fh);
    glClearColor(0.09f, 0.10f, 0.12f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    bool ok = true;
    if (shot) ok = write_png(*shot, fw, fh);
    glfwSwapBuffers(window);
    return ok;
}

// --test-layout only: numbers the window-speed test reads (tests/gui/window-speed.sh).
void write_test_number(const fs::path& p, double value) {
    if (FILE* f = std::fopen(p.c_str(), "w")) {
        std::fprintf(f, "%.1f\n", value);
        std::fclose(f);
    }
}

// Milliseconds from the process's start (its start time in /proc) to the first frame drawn.
void write_first_frame_time(const fs::path& state_dir) {
    std::FILE* f = std::fopen("/proc/self/stat", "r");
    if (!f) return;
    char buf[1024] = {0};
    const std::size_t n = std::fread(buf, 1, sizeof buf - 1, f);
    std::fclose(f);
    const char* rp = std::strrchr(buf, ')');  // the command name may hold spaces
    if (!rp || n == 0) return;
    unsigned long long start_ticks = 0;
    // Field 22 (starttime) counted after the ')' that ends field 2.
    const char* q = rp + 2;
    for (int field = 3; field < 22 && *q; ++field) q = std::strchr(q, ' ') ? std::strchr(q, ' ') + 1 : "";
    start_ticks = std::strtoull(q, nullptr, 10);
    timespec up{};
    clock_gettime(CLOCK_BOOTTIME, &up);
    const double now_ms = up.tv_sec * 1000.0 + up.tv_nsec / 1e6;
    const double start_ms = start_ticks * 1000.0 / double(sysconf(_SC_CLK_TCK));
    write_test_number(state_dir / "first-frame-ms.txt", now_ms - start_ms);
}

// =====================================================================================
// 5. main: set-up, the two loops, shut-down
// =====================================================================================

// The per-user state folder, before anything else: without one the window refuses to run rather
// than fall back to a shared folder another user could plant files in.
bool find_state_dir(Options& opts) {
    if (!opts.screenshot.empty() || !opts.state_dir.empty()) return true;
    if (auto d = umpire::app::default_state_dir()) {
        opts.state_dir = *d;
        return true;
    }
    std::cerr << "umpire: no state folder: neither XDG_STATE_HOME nor HOME is set and the user has no home "
                 "folder; set HOME or give --state-dir DIR\n";
    return false;
}

bool start_glfw() {
    glfwSetErrorCallback(on_glfw_error);
    if (glfwInit()) return true;
    const char* display = std::getenv("DISPLAY");
    std::cerr << "umpire: no display: cannot open a window ("
              << (display && *display ? g_glfw_error : std::string("DISPLAY is not set"))
              << "); run it in a desktop session, or under xvfb-run with --screenshot; umpire-cli rules without a window\n";
    return false;
}

// The rules data, the session, the first ruling and the font atlas (when the scale is known)
// are made on another thread while the OpenGL context is created (on Mesa the driver's start-up
// is most of the time to the first frame). ImGui's context exists already; the main thread makes
// no ImGui call until the join. The window stays hidden until both are ready. Returns the window,
// or nullptr after saying why.
GLFWwindow* start_app_and_window(App& app) {
    std::string cannot_run;
    std::thread starting([&] {
        try {
            cannot_run = app.start();
            if (cannot_run.empty() && app.scale() > 0) build_atlas_ahead(app.scale());
        } catch (const std::exception& e) {
            cannot_run = e.what();  // a last guard: a clear line, never an abort
        }
    });
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    GLFWwindow* window = glfwCreateWindow(1280, 800, "Umpire", nullptr, nullptr);
    const bool gl_ok = window && (glfwMakeContextCurrent(window), gladLoadGL(glfwGetProcAddress) != 0);
    starting.join();
    std::string why = cannot_run;
    if (why.empty() && !window) why = "cannot open a window (" + g_glfw_error + ")";
    if (why.empty() && !gl_ok) why = "cannot load OpenGL 3.3 functions";
    if (why.empty()) return window;
    std::cerr << "umpire: " << why << "\n";
    if (window) glfwDestroyWindow(window);
    return nullptr;
}

// The window at the App's scale (else the monitor's), size and title, shown.
void show_window(GLFWwindow* window, App& app) {
    if (app.scale() <= 0) {
        // No remembered or requested scale: follow the monitor (HiDPI screens report 1.5 or 2).
        float xs = 1.0f, ys = 1.0f;
        if (GLFWmonitor* m = glfwGetPrimaryMonitor()) glfwGetMonitorContentScale(m, &xs, &ys);
        app.set_scale(xs >= 1.2f ? std::round(xs * 4.0f) / 4.0f : 1.0f);
    }
    glfwSetWindowSize(window, app.width(), app.height());
    glfwSetWindowTitle(window, app.window_title().c_str());
    glfwShowWindow(window);
    glfwSwapInterval(app.headless() ? 0 : 1);
}

// Dear ImGui (its context made before start_app_and_window): keyboard navigation, fonts and style, the input callbacks and the
// OpenGL backend with the one-channel font texture.
void start_imgui(GLFWwindow* window, App& app, const Options& opts) {
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = app.ini_path();
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    io.ConfigInputTextCursorBlink = false;  // a blinking cursor would keep an idle window drawing
    umpire::app::ui::set_probing(opts.test_layout);
    g_in.test_mode = opts.test_layout;
    if (g_atlas_scale == app.scale()) apply_style(app.scale());  // the fonts were built ahead
    else rebuild_for_scale(app.scale(), false);

    glfwSetKeyCallback(window, on_key);
    glfwSetCharCallback(window, on_char);
    glfwSetMouseButtonCallback(window, on_button);
    glfwSetScrollCallback(window, on_scroll);
    glfwSetWindowFocusCallback(window, on_focus);
    glfwSetCursorEnterCallback(window, on_enter);
    glfwSetCursorPosCallback(window, on_cursor);
    glfwSetWindowRefreshCallback(window, on_refresh);
    glfwSetFramebufferSizeCallback(window, on_resize);
    glfwSetDropCallback(window, on_drop);
    ImGui_ImplGlfw_InitForOpenGL(window, false);  // callbacks above forward to the backend
    ImGui_ImplOpenGL3_Init("#version 330 core");
    // The backend makes its shader and an RGBA font texture on first use; make them now and
    // replace the texture with the one-channel one.
    ImGui_ImplOpenGL3_CreateDeviceObjects();
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    upload_fonts();
}

// --screenshot: frames until the layout has settled (auto-sized windows, popups and table columns
// appear a frame or two late; at least 6, at most 30), the last one written as a PNG. Returns the
// exit status.
int run_screenshot(GLFWwindow* window, App& app, const Options& opts) {
    int result = 0;
    std::uint64_t last = 0;
    int still = 0;
    for (int i = 0; i < 30 && (i < 5 || still < 2); ++i) {
        glfwPollEvents();
        render_frame(window, app, nullptr, true);
        const std::uint64_t sig = umpire::app::ui::layout_signature();
        still = sig == last ? still + 1 : 0;
        last = sig;
    }
    glfwPollEvents();
    if (!render_frame(window, app, &opts.screenshot, true)) {
        std::cerr << "umpire: cannot write " << opts.screenshot.string() << "\n";
        result = 1;
    }
    if (result == 0) {
        for (const auto& p : app.problems()) std::cerr << p << "\n";
        result = app.status();
    }
    for (const auto& c : g_clipped) std::cerr << "umpire: clipped: " << c << "\n";
    if (result == 0 && !g_clipped.empty()) result = 3;
    return result;
}

// After a frame drawn in the window: the test numbers, held keys, quit and the title.
void after_drawn(GLFWwindow* window, App& app, const Options& opts, long frames_drawn, int* frames, std::string* title) {
    if (opts.test_layout && app.autosaving()) {  // a second window writes nothing in the state folder
        if (frames_drawn == 1) write_first_frame_time(app.state_dir());
        write_test_number(app.state_dir() / "frames.txt", double(frames_drawn));
    }
    if (g_in.snap && *frames == 0) g_in.snap = false;
    if (release_held_keys(window)) *frames = std::max(*frames, 2);
    app.after_frame();
    if (app.wants_quit()) glfwSetWindowShouldClose(window, 1);
    if (app.window_title() != *title) {
        *title = app.window_title();
        glfwSetWindowTitle(window, title->c_str());
    }
}

// Event-driven frames: sleep in glfwWaitEventsTimeout until input, a due autosave or background
// work done (ui::wake: the kill chances), then draw three frames (ImGui settles hover and
// activation on the second) and more while the layout is still changing (ui::layout_signature:
// auto-sized windows, popups and table columns take a frame or two; at most 20 more), at most 60 a
// second even when events flood in (Xvfb has no vsync). Returns the exit status.
int run_window(GLFWwindow* window, App& app, const Options& opts) {
    std::string title = app.window_title();
    int frames = 3;
    double last_frame = 0.0;
    const double min_frame = 1.0 / 60.0;
    long frames_drawn = 0;
    std::uint64_t layout = 0;
    int settling = 0;  // frames drawn for a layout still changing since the last input
    while (!glfwWindowShouldClose(window)) {
        if (frames > 0) {
            // Sleep out the rest of the 1/60 s: glfwWaitEventsTimeout would return at the
            // next event, and a drag sends hundreds a second (84 frames/s were measured).
            const double wait = last_frame + min_frame - glfwGetTime();
            if (wait > 0) std::this_thread::sleep_for(std::chrono::duration<double>(wait));
            glfwPollEvents();
        } else {
            glfwWaitEventsTimeout(std::clamp(app.seconds_until_due(), 0.001, 10.0));
        }
        if (g_stop_signal.load() != 0) break;
        if (g_in.woke) {
            frames = std::max(frames, 3);
            settling = 0;
            g_in.woke = false;
        }
        if (const int asked = umpire::app::ui::take_requested_frames(); asked > 0) frames = std::max(frames, asked), settling = 0;
        for (const auto& d : g_in.drops) app.open_dropped(d);
        g_in.drops.clear();
        app.tick();
        if (frames == 0) continue;
        --frames;
        float s = 0;
        if (app.take_scale_change(&s)) {
            rebuild_for_scale(s, true);
            frames = std::max(frames, 2);
        }
        last_frame = glfwGetTime();
        const fs::path snap = app.state_dir() / "screen.png";
        render_frame(window, app, g_in.snap && frames == 0 ? &snap : nullptr, false);
        const std::uint64_t now = umpire::app::ui::layout_signature();
        if (now != layout && settling < 20) frames = std::max(frames, 1), ++settling;  // not settled yet: once more
        layout = now;
        after_drawn(window, app, opts, ++frames_drawn, &frames, &title);
    }
    int w = 0, h = 0;
    glfwGetWindowSize(window, &w, &h);
    app.shutdown(w, h);
    const int sig = g_stop_signal.load();
    return sig ? 128 + sig : 0;
}

void stop_imgui_and_window(GLFWwindow* window) {
    umpire::app::ui::set_waker(nullptr);  // a worker finishing now must not reach a GLFW being shut down
    if (g_font_texture) glDeleteTextures(1, &g_font_texture);
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    glfwDestroyWindow(window);
    glfwTerminate();
}

}  // namespace

int main(int argc, char** argv) {
    Options opts;
    int code = 0;
    if (!parse_options(argc, argv, opts, code)) return code;
    if (!find_state_dir(opts)) return 1;
    const bool interactive = opts.screenshot.empty();
    umpire::app::BoardView::defaults().wait_for_figures = !interactive;  // the one screenshot frame shows the kill chances
    umpire::app::PictureLoader::synchronous() = !interactive;            // ... and the table's photo
    if (interactive) block_stop_signals();
    if (!start_glfw()) return 1;
    if (interactive) watch_stop_signals();
    umpire::app::ui::set_waker([] { glfwPostEmptyEvent(); });  // background work done: draw it
    App app(opts);
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();  // before the start-up thread, which may build the font atlas
    GLFWwindow* window = start_app_and_window(app);
    if (!window) {
        ImGui::DestroyContext();
        glfwTerminate();
        return 1;
    }
    show_window(window, app);
    start_imgui(window, app, opts);
    if (opts.show_shortcuts) app.show_shortcut_list();
    if (opts.map_only) app.show_map_only();
    const int result = app.headless() ? run_screenshot(window, app, opts) : run_window(window, app, opts);
    stop_imgui_and_window(window);
    return result;
}
