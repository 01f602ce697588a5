// Engine::read_board_file and open_board (engine.hpp): a board file read once and handed to its
// game. The engine is the only place that names every game, so the dispatch from a board file's
// `system` to the game that reads it is here; the reading is core/ (the bounded reader, TOML),
// board/ (parse_board) and the game's own BoardSupport::parse (a PanzerBlitz map joins its boards).
#include "board/board_support.hpp"
#include "core/input.hpp"
#include "engine/engine.hpp"

namespace umpire {

Engine::BoardFile Engine::read_board_file(const std::filesystem::path& path, const std::string& display_name,
                                          const view::BoardSupport* as) const {
    BoardFile f{nullptr, parse_toml_file(path, display_name, kMaxBoardBytes), path, display_name};  // the one read
    if (as) {
        for (const auto& s : systems_)
            if (s->board_support() == as) f.game = s.get();
        if (!f.game) throw std::logic_error("read_board_file: a board support of no game of this engine");
    } else {
        // The games with hex boards (one whose rules data did not load has no board support).
        std::vector<std::string> ids;
        for (const auto& s : systems_)
            if (s->board_support()) ids.push_back(s->id());
        Sink sink(display_name);
        const Section top(sink, &f.root, "");
        const auto system = top.choice("system", ids, true);
        sink.throw_if_errors();
        f.game = find(*system);
    }
    if (const auto& bad = data_errors(f.game->id()); !bad.empty()) throw InputError(bad);
    return f;
}

board::Board Engine::BoardFile::parse() const { return game->board_support()->parse(root, path, display_name); }

Engine::OpenBoard Engine::open_board(const std::filesystem::path& path, const std::string& display_name,
                                     const view::BoardSupport* as) const {
    const BoardFile f = read_board_file(path, display_name, as);
    return {f.game, f.parse()};
}

}  // namespace umpire
