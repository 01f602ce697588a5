// umpire-cli's pictures of rulings (see picture_command.hpp).
#include "cli/picture_command.hpp"

#include <iostream>

#include "core/names.hpp"
#include "engine/picture.hpp"

namespace umpire::cli {

bool take_png(std::vector<std::string>& args, std::optional<std::string>* out) {
    std::vector<std::string> kept;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        std::optional<std::string> value;
        if (a == "--png") {
            if (i + 1 >= args.size() || args[i + 1].empty()) {
                std::cerr << "umpire-cli: --png needs a file name (e.g. --png ruling.png)\n";
                return false;
            }
            value = args[++i];
        } else if (a.rfind("--png=", 0) == 0) {
            value = a.substr(6);
            if (value->empty()) {
                std::cerr << "umpire-cli: --png needs a file name (e.g. --png=ruling.png)\n";
                return false;
            }
        } else {
            kept.push_back(a);
            continue;
        }
        if (*out) {
            std::cerr << "umpire-cli: --png is given twice\n";
            return false;
        }
        *out = value;
    }
    args = std::move(kept);
    return true;
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
