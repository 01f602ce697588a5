// umpire-cli's pictures of rulings (see picture_command.hpp).
#include "cli/picture_command.hpp"

#include <iostream>

#include "cli/commands.hpp"
#include "core/names.hpp"
#include "engine/picture.hpp"

namespace umpire::cli {

Option add_png(Command& cmd, std::optional<std::string>* out, const std::string& what) {
    return cmd.value(
        "--png", "OUT",
        [out](const std::string& v) {
            if (v.empty()) throw UsageError("--png needs a file name (e.g. --png ruling.png)");
            *out = v;
        },
        "also write a picture of " + what + " to the PNG file OUT\n(written first; a file that cannot be written: exit 1,\nnothing printed)");
}

int write_picture(const std::function<canvas::Canvas()>& draw, const std::string& out) {
    try {
        const canvas::Canvas c = draw();
        if (const auto err = canvas::write_file(out, canvas::encode_png(c))) {
            std::cerr << "umpire-cli: cannot write the picture to " << escape_text(out) << ": " << escape_text(*err) << "\n";
            return 1;
        }
        return 0;
    } catch (const canvas::PictureError& e) {
        std::cerr << "umpire-cli: cannot draw the picture for " << escape_text(out) << ": " << escape_text(e.what()) << "\n";
        return 1;
    }
}

int rule_picture(const Engine& e, const toml::table& situation, const std::filesystem::path& situation_dir, const Ruling& r,
                 const std::string& out) {
    return write_picture([&] { return ruling_picture(e, {&situation, &r, situation_dir}); }, out);
}

int los_picture(const board::Board& b, const view::BoardMarks& marks, const view::BoardSupport* support, const board::BoardUnits& units,
                picture::Caption caption, const std::string& out) {
    caption.source = "board " + b.file + (b.sample ? " (sample terrain)" : "") + (caption.source.empty() ? "" : ", " + caption.source);
    return write_picture([&] { return std::move(board::draw_board(b, marks, support, units, caption).canvas); }, out);
}

}  // namespace umpire::cli
