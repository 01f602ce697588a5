// umpire-cli board from-image (see from_image.hpp).
//
// Sections
//   1. values      "ID=X,Y" and "NAME=X,Y" read; every refusal one line
//   2. report      the calibration, the suggestion and the unsure ones in words
//   3. command     from_image: system, size, picture, calibration, suggestion, the board written
//   4. options     add_board_from_image: the subcommand, its options and help (CLI11, commands.hpp)
#include "cli/from_image.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>

#include "board/board_edit.hpp"
#include "board/board_support.hpp"
#include "board/suggest.hpp"
#include "board/underlay.hpp"
#include "cli/commands.hpp"
#include "core/diag.hpp"
#include "core/image.hpp"
#include "core/names.hpp"
#include "core/text.hpp"
#include "engine/engine.hpp"

namespace umpire::cli {

namespace {

// =====================================================================================
// 1. values
// =====================================================================================

// Thrown for bad input on the command line: one line, exit 2.
struct BadValue {
    std::string message;
};

// A finite decimal number, the whole of `text`.
std::optional<double> number(const std::string& text) {
    if (text.empty() || text.size() > 40) return std::nullopt;
    errno = 0;
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (errno != 0 || end != text.c_str() + text.size() || !std::isfinite(v)) return std::nullopt;
    return v;
}

// "NAME=X,Y" into NAME and the point; `option` names the option in messages.
std::pair<std::string, plane::Vec2> named_point(const std::string& option, const std::string& text) {
    const auto eq = text.find('=');
    const auto comma = text.find(',', eq == std::string::npos ? 0 : eq);
    if (eq == std::string::npos || eq == 0 || comma == std::string::npos)
        throw BadValue{option + " " + text + ": expected " + (option == "--hex" ? "ID" : "FEATURE") + "=X,Y (pixels, e.g. " +
                       (option == "--hex" ? "0101" : "woods") + "=120.5,88)"};
    const auto x = number(text.substr(eq + 1, comma - eq - 1)), y = number(text.substr(comma + 1));
    if (!x || !y) throw BadValue{option + " " + text + ": X and Y must be numbers of pixels (fractions allowed), e.g. 120.5,88"};
    return {text.substr(0, eq), {*x, *y}};
}

void on_picture(const std::string& option, const std::string& text, plane::Vec2 p, const image::Image& img) {
    if (p.x < 0 || p.y < 0 || p.x > img.width || p.y > img.height)
        throw BadValue{option + " " + text + ": the point is off the picture (" + std::to_string(img.width) + " x " + std::to_string(img.height) +
                       " pixels: x 0-" + std::to_string(img.width) + " right, y 0-" + std::to_string(img.height) + " down)"};
}

std::vector<calibration::HexClick> read_clicks(const board::Board& b, const FromImageOptions& o, const image::Image& img) {
    std::vector<calibration::HexClick> out;
    for (const std::string& text : o.hexes) {
        const auto [id, p] = named_point("--hex", text);
        const auto h = b.parse_hex(id);
        if (!h)
            throw BadValue{"--hex " + text + ": '" + id + "' is not a hex of this board (" + b.numbering.describe() + "; columns 1-" +
                           std::to_string(b.columns) + ", rows 1-" + std::to_string(b.rows) + ")"};
        on_picture("--hex", text, p, img);
        out.push_back({*h, b.name(*h), p});
    }
    if (out.size() < 3)
        throw BadValue{"too few --hex points: " + std::to_string(out.size()) + " given; click 3 hex centres (affine) or 4 or more (perspective)"};
    return out;
}

std::vector<board::Example> read_samples(const FromImageOptions& o, const image::Image& img) {
    std::vector<board::Example> out;
    for (const std::string& text : o.samples) {
        const auto [name, p] = named_point("--sample", text);
        on_picture("--sample", text, p, img);
        out.push_back({name, p, "--sample " + text});
    }
    if (out.empty()) throw BadValue{"no --sample given: show at least one example, e.g. --sample woods=X,Y at a woods hex"};
    return out;
}

// =====================================================================================
// 2. report
// =====================================================================================

void report_calibration(const calibration::Fit& f, const std::vector<calibration::HexClick>& clicks, std::ostream& out) {
    out << "Calibration: " << calibration::to_string(f.model) << " map from " << clicks.size() << " points; residual in hexes:";
    for (std::size_t i = 0; i < clicks.size(); ++i) out << (i ? ", " : " ") << clicks[i].name << " " << formatted(f.residual[i]);
    out << " (worst " << formatted(f.worst) << ")\n";
    for (const std::string& n : f.notes) out << "  note: " << n << "\n";
}

void report_suggestion(const board::Board& b, const board::Suggestion& s, std::ostream& out) {
    std::map<std::string, int> hexes, sides;
    for (const board::HexVerdict& v : s.hexes)
        if (v.cls >= 0) ++hexes[s.hex_classes[std::size_t(v.cls)]];
    int featured = 0;
    for (const board::SideVerdict& v : s.sides)
        if (v.feature >= 0) ++sides[b.vocabulary.hexside_features[std::size_t(v.feature)]], ++featured;
    out << "Suggested from " << s.hex_examples + s.side_examples << " examples:";
    if (s.hexes.empty()) out << " no hexes (no hex example: every hex stays " << b.vocabulary.hex_terrain[0] << ")";
    else out << " " << b.hex_count() << " hexes (";
    bool first = true;
    for (const auto& [name, n] : hexes) out << (first ? "" : ", ") << name << " " << n, first = false;
    if (!s.hexes.empty()) out << ")";
    if (!s.sides.empty()) {
        out << ", " << featured << " hexsides with a feature (";
        first = true;
        for (const auto& [name, n] : sides) out << (first ? "" : ", ") << name << " " << n, first = false;
        out << ")";
    }
    out << "\n";
    const std::size_t unsure = s.unsure_hexes.size() + s.unsure_sides.size();
    if (unsure == 0) return;
    out << "Unsure, check these first (" << unsure << "):";
    std::size_t shown = 0;
    for (int i : s.unsure_hexes)
        if (shown++ < 60) out << (shown > 1 ? ", " : " ") << b.name(b.hex_at(i)) << " " << s.hex_text(i);
    for (int i : s.unsure_sides) {
        const board::SideVerdict& v = s.sides[std::size_t(i)];
        if (shown++ < 60)
            out << (shown > 1 ? ", " : " ") << b.side_name(v.hex, v.side) << " "
                << (v.feature >= 0 ? b.vocabulary.hexside_features[std::size_t(v.feature)] : std::string("none"));
    }
    if (unsure > 60) out << ", ... (" << unsure - 60 << " more: board check --json lists them all)";
    out << "\n";
}

// =====================================================================================
// 3. command
// =====================================================================================

board::Board empty_board(const Engine& e, const FromImageOptions& o) {
    const GameSystem* g = e.find(o.system);
    if (!g || !g->board_support()) {
        std::vector<std::string> games;
        for (const auto& s : e.systems())
            if (s->board_support()) games.push_back(s->id());
        throw BadValue{"--system '" + o.system + "' is not a game with hex boards (accepted: " + join_names(games, ", ") + ")"};
    }
    const board::Vocabulary& v = g->board_support()->vocabulary();
    board::Board b;
    b.system = g->id();
    b.vocabulary = v;
    b.numbering = v.numbering;
    b.title = o.title.empty() ? "Suggested from " + std::filesystem::path(o.image).filename().string() : o.title;
    auto fits = [](int n, int digits) {
        int cap = 1;
        for (int i = 0; i < digits; ++i) cap *= 10;
        return n >= 1 && n < cap;
    };
    if (!fits(o.columns, b.numbering.column_digits) || !fits(o.rows, b.numbering.row_digits))
        throw BadValue{"--columns " + std::to_string(o.columns) + " --rows " + std::to_string(o.rows) + ": a " + b.system +
                       " board numbers its hexes " + b.numbering.describe() + ": 1 to " +
                       std::string(std::size_t(b.numbering.column_digits), '9') + " columns, 1 to " + std::string(std::size_t(b.numbering.row_digits), '9') + " rows"};
    b.resize(o.columns, o.rows);
    return b;
}

int run(const Engine& e, const FromImageOptions& o, std::ostream& out) {
    board::Board b = empty_board(e, o);
    const image::Image img = image::read_image(o.image, o.image);
    const std::vector<calibration::HexClick> clicks = read_clicks(b, o, img);
    const std::vector<board::Example> examples = read_samples(o, img);
    const calibration::Model model = o.model == "affine"        ? calibration::Model::affine
                                     : o.model == "perspective" ? calibration::Model::perspective
                                                                : calibration::Model::automatic;
    const std::vector<hex::Cube> corners = {b.numbering.to_cube(1, 1), b.numbering.to_cube(b.columns, 1), b.numbering.to_cube(b.columns, b.rows),
                                            b.numbering.to_cube(1, b.rows)};
    const calibration::Fit fit = calibration::calibrate_board(clicks, corners, model, plane::Vec2{double(img.width), double(img.height)});
    if (!fit.ok) throw BadValue{"the calibration is refused: " + fit.error};
    const board::Suggestion s = board::suggest(b, img, fit.to_pixel, examples);
    if (!s.ok()) throw BadValue{s.error};
    board::Underlay u;
    u.image = board::underlay_image_name(o.image, o.output);
    u.model = o.model;
    for (const calibration::HexClick& c : clicks) u.points.push_back({c.hex, c.pixel.x, c.pixel.y, 0, 0});
    b.underlay = u;
    std::error_code ec;
    const auto st = std::filesystem::status(o.output, ec);
    if (std::filesystem::exists(st) && !std::filesystem::is_regular_file(st)) {
        std::cerr << "umpire-cli: cannot write " << escape_text(o.output) << ": not a regular file but a folder, a device or a pipe\n";
        return 1;
    }
    if (const auto err = board::save_board(b, o.output)) {
        std::cerr << "umpire-cli: cannot write " << escape_text(o.output) << ": " << escape_text(*err) << "\n";
        return 1;
    }
    report_calibration(fit, clicks, out);
    report_suggestion(b, s, out);
    out << "wrote " << escape_text(o.output) << ": every hex and hexside from the picture is marked suggested until a referee confirms it "
        << "(docs/maps.md)\n";
    return 0;
}

}  // namespace

int from_image(const Engine& e, const FromImageOptions& o, std::ostream& out) {
    try {
        return run(e, o, out);
    } catch (const BadValue& v) {
        std::cerr << "umpire-cli: " << escape_text(v.message) << "\n";
        return 2;
    }
}

// =====================================================================================
// 4. options
// =====================================================================================

void add_board_from_image(Command& board, Context& c) {
    Command cmd = board.command("from-image",
                                "a board from a scan or photo of the printed map (docs/maps.md):\n"
                                "3 clicked hex centres fix an affine map, 4 or more a perspective\n"
                                "one; the examples suggest every hex and hexside, marked unconfirmed");
    auto o = std::make_shared<FromImageOptions>();
    auto columns = std::make_shared<std::optional<std::string>>(), rows = std::make_shared<std::optional<std::string>>();
    auto model = std::make_shared<std::optional<std::string>>(), title = std::make_shared<std::optional<std::string>>();
    auto output = std::make_shared<std::optional<std::string>>(), system = std::make_shared<std::optional<std::string>>();
    cmd.argument("IMAGE", o->image, "the picture: a PNG or JPEG file").required();
    cmd.value("--system", "SYSTEM", system.get(), "the game: spi-tank, panzerblitz or panzer-squadron").required();
    cmd.value("--columns", "C", columns.get(), "the board's columns of hexes").required();
    cmd.value("--rows", "R", rows.get(), "the board's rows of hexes").required();
    cmd.values("--hex", "ID=X,Y", o->hexes, "a clicked hex centre: its printed number and pixel (x right,\ny down from the top-left corner; fractions allowed)");
    cmd.values("--sample", "FEATURE=X,Y", o->samples, "an example: a hex terrain at a hex centre, a hexside\nfeature at a hexside's midpoint");
    cmd.value("--model", "MODEL", model.get(), "affine or perspective (default: 3 points affine, 4 or\nmore perspective)");
    cmd.value("--title", "TITLE", title.get(), "the board's title (default: Suggested from IMAGE)");
    cmd.value("-o,--output", "BOARD", output.get(), "the board file to write").required();
    cmd.on_chosen([&c, o, columns, rows, model, title, output, system] {
        auto whole = [](const std::string& name, const std::string& v) {
            if (v.empty() || v.size() > 4 || v.find_first_not_of("0123456789") != std::string::npos)
                throw UsageError(name + " needs a whole number, got '" + v + "'");
            return std::stoi(v);
        };
        o->columns = whole("--columns", **columns);
        o->rows = whole("--rows", **rows);
        o->model = model->value_or("");
        if (!o->model.empty() && o->model != "affine" && o->model != "perspective")
            throw UsageError("--model is affine or perspective, got '" + o->model + "'");
        o->title = title->value_or("");
        o->output = **output;
        o->system = **system;
        c.run = [&c, o] { return from_image(Engine(c.rules()), *o, c.out); };
    });
}

}  // namespace umpire::cli
