// The window's per-system panels: one class per game system, each in its own
// file src/window/panels/<system>.cpp, registered with UMPIRE_REGISTER_PANEL.
//
// A panel owns one situation of its system: it draws the inputs (left side),
// hands the situation over as a situation-file table (the CLI's format) and
// loads one from a file's table. The App rules that table through the engine
// and gives the Ruling back to the panel to draw (right side). A panel holds
// no rules logic and never includes a game module header (tests/test_views.cpp
// checks): every number it shows comes from the Ruling, its typed view
// (engine/view_<system>.hpp) or the system's choices view (GameSystem::choices).
//
// Adding a system's panel (docs/adding-a-game.md): write src/window/panels/<system>.cpp
// with a FormPanel subclass (form.hpp: the load/save glue, written once) and
// `UMPIRE_REGISTER_PANEL("<system id>", factory)`; nothing else changes (CMake
// globs src/window/**/*.cpp). Systems without a panel show "coming in a later release"
// in the system selector.
#pragma once
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <toml++/toml.h>

#include "window/ui/map_area.hpp"
#include "board/marks.hpp"
#include "engine/engine.hpp"
#include "core/toml_reader.hpp"
#include "core/ruling.hpp"

namespace umpire::app {

// What a panel may use while drawing.
struct PanelContext {
    const Engine& engine;
    float scale = 1.0f;  // UI scale (1, 1.5, 2...): multiply hand-made pixel sizes by it
    std::filesystem::path situation_dir;  // the situation file's folder (empty: untitled)
    // The shown situation's last ruling (nullptr: none yet, or it could not be ruled): a board view
    // draws the line it traced (Ruling::board_marks).
    const Ruling* ruling = nullptr;
    std::shared_ptr<const view::BoardMarks> board_marks() const { return ruling ? ruling->board_marks : nullptr; }
    // The board-first layout's map area while Panel::draw_map draws into it; nullptr otherwise.
    MapArea* map = nullptr;
};

class Panel {
public:
    virtual ~Panel() = default;
    virtual std::string system_id() const = 0;

    // The inputs (the side panel's Situation tab, or the form layout's left side); returns true
    // when the situation changed this frame. With a map (has_map) the board is not drawn here.
    virtual bool draw_inputs(PanelContext& ctx) = 0;

    // The board-first layout (docs/window.md "The map"): true while the situation names a board
    // (loaded or not), which then fills the window's main area through draw_map (ctx.map set).
    virtual bool has_map() const { return false; }
    virtual bool draw_map(PanelContext& ctx) {
        (void)ctx;
        return false;
    }
    // While the window itself waits for the referee (the units not yet placed on the board), what
    // to do next in the game's words; "" otherwise. The App shows it, neutral, instead of "cannot
    // rule" and the file's syntax.
    virtual std::string waiting_for() const { return ""; }
    // The verdicts of the other readings of a referee's call, when the panel's view has them, for
    // the verdict banner to name both outcomes.
    virtual std::vector<std::string> other_outcomes(const Ruling& r) const {
        (void)r;
        return {};
    }

    // The ruling side. The default draws the generic layout every system shares:
    // referee's call, figures (breakdown on hover), explanation. The verdict banner is
    // pinned above it by the App (it never scrolls away), so a panel does not draw it.
    virtual void draw_ruling(PanelContext& ctx, const Ruling& r);

    // The situation as a situation-file table, with `system` and without the
    // common keys `title` and `notes` (the App keeps those).
    virtual toml::table situation() const = 0;

    // Replaces the situation with the one in `root` (a whole situation file).
    // Problems go to root.sink(); on any problem the current situation is kept.
    virtual void load(const Section& root) = 0;

    // File > New: the system's default situation.
    virtual void reset() = 0;

    // Preferred key order when the situation is written to a file (keys not
    // listed follow alphabetically). Only cosmetic: files are read by key.
    virtual std::vector<std::string> key_order() const { return {}; }

    // The panel's "+ Add obstacle" (or symbol): adds one that blocks nothing by itself. False: the
    // panel has no obstacle list. (Called by the button, and by tests.)
    virtual bool add_obstacle() { return false; }

    // The board the panel shows (docs/boards.md), when its situation has one and it loaded: the App
    // rules the situation against it (Engine::rule_on_board), so what is drawn is what is ruled,
    // unsaved paint included. nullptr: rule the situation's own board file, if any.
    virtual const board::Board* held_board() const { return nullptr; }
    // Moves whenever the held board's contents change (a board loaded, a paint stroke, undo,
    // redo): the App rules again when it moves, as when the situation's text changes.
    virtual std::uint64_t held_board_revision() const { return 0; }
    // The units' places on the held board, typed, as the board view's clicks left them: the App's
    // ruling takes them instead of reading the situation's hex keys back (Engine::rule_on_board).
    // nullopt: the ruling reads the keys.
    virtual std::optional<view::Placement> held_placement() const { return std::nullopt; }
    // While the map is a tool's own (the board view's Picture tool: calibrating, examples), the
    // side panel shows that tool's lists in place of the ruling, whether or not the situation can
    // be ruled yet. True when it drew them.
    virtual bool draw_tool_notes() { return false; }

    // Text the panel would otherwise lose (a painted board not saved when another board replaces
    // it), for the App to keep in its state folder (App::keep_aside). `closing`: the window is
    // closing, so the held board's unsaved paint is included too.
    struct SetAside {
        std::string text, what;  // text "" : it could not be written (what says why)
    };
    virtual std::vector<SetAside> take_set_aside(bool closing) { (void)closing; return {}; }
};

// The generic ruling layout (Panel::draw_ruling's default), also used for a
// system whose panel has not been written yet.
void draw_generic_ruling(PanelContext& ctx, const Ruling& r, const std::string& system_title);
// The two halves of the shared ruling layout (FormPanel draws with them): the referee's call (the
// App pins the verdict above); figures and explanation.
void draw_ruling_head(const Ruling& r, bool spaced_call);
void draw_ruling_tail(const Ruling& r, const std::string& system_title);

using PanelFactory = std::function<std::unique_ptr<Panel>(const Engine&)>;

struct PanelRegistration {
    std::string system_id;
    PanelFactory make;
};

// Every registered panel (filled by static registrars before main()).
std::vector<PanelRegistration>& panel_registry();
const PanelRegistration* find_panel(const std::string& system_id);

struct PanelRegistrar {
    PanelRegistrar(std::string system_id, PanelFactory make) {
        panel_registry().push_back({std::move(system_id), std::move(make)});
    }
};

#define UMPIRE_PANEL_CAT2(a, b) a##b
#define UMPIRE_PANEL_CAT(a, b) UMPIRE_PANEL_CAT2(a, b)
#define UMPIRE_REGISTER_PANEL(id, factory) \
    static ::umpire::app::PanelRegistrar UMPIRE_PANEL_CAT(umpire_panel_registrar_, __LINE__)(id, factory)

}  // namespace umpire::app
