// A board's picture and its suggestions (see underlay.hpp).
//
// Sections
//   3. counting    count_suggestions, side_of_slot
//   4. the picture underlay_path, underlay_image_name, underlay_image_for, underlay_fit
// (1. reading and 2. writing the sections: board_sections.cpp)
#include "board/underlay.hpp"

namespace umpire::board {

// =====================================================================================
// 3. counting
// =====================================================================================

std::optional<std::pair<hex::Cube, int>> side_of_slot(const Board& b, int slot) {
    const int d = slot % 3, cell = slot / 3;
    const int c = cell / (b.rows + 2), r = cell % (b.rows + 2);
    const hex::Cube h = b.numbering.to_cube(c, r);
    if (b.contains(h)) return std::make_pair(h, d);
    const hex::Cube other = hex::neighbour(h, d);
    if (b.contains(other)) return std::make_pair(other, d + 3);
    return std::nullopt;
}

Suggestions count_suggestions(const Board& b) {
    Suggestions s;
    for (std::size_t i = 0; i < b.suggested_of.size(); ++i) {
        if (b.suggested_of[i] == suggestion::none) continue;
        ++s.hexes;
        if (b.suggested_of[i] == suggestion::unsure) s.unsure_hexes.push_back(int(i));
    }
    for (const std::size_t slot : b.sides_of.slots()) {
        if (b.sides_of[slot].suggested == suggestion::none) continue;
        const auto side = side_of_slot(b, int(slot));
        if (!side) continue;
        ++s.hexsides;
        if (b.sides_of[slot].suggested == suggestion::unsure) s.unsure_sides.push_back(*side);
    }
    return s;
}

// =====================================================================================
// 4. the picture
// =====================================================================================

std::filesystem::path underlay_path(const Board& b, const std::filesystem::path& board_file) {
    if (!b.underlay) return {};
    const std::filesystem::path image(b.underlay->image);
    return image.is_absolute() ? image : board_file.parent_path() / image;
}

std::string underlay_image_name(const std::filesystem::path& image, const std::filesystem::path& board_file) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path img = fs::absolute(image, ec), folder = fs::absolute(board_file, ec).parent_path();
    if (ec) return image.string();
    const fs::path rel = img.lexically_normal().lexically_relative(folder.lexically_normal());
    return rel.empty() ? img.lexically_normal().string() : rel.generic_string();
}

std::string underlay_image_for(const Board& b, const std::filesystem::path& new_file) {
    namespace fs = std::filesystem;
    if (!b.underlay) return "";
    const fs::path image(b.underlay->image);
    if (image.is_absolute()) return b.underlay->image;
    // A board made in memory (no file yet: umpire-cli board from-image) wrote its image for the
    // file it is saved as: kept.
    if (b.file.empty() && !new_file.empty()) return b.underlay->image;
    std::error_code ec;
    const fs::path picture = fs::absolute(underlay_path(b, b.file), ec).lexically_normal();
    if (ec) return b.underlay->image;
    if (new_file.empty()) return picture.string();
    const fs::path from = fs::absolute(new_file, ec).lexically_normal().parent_path();
    if (ec) return picture.string();
    // Saved beside the old file: the image as written (byte for byte the same text).
    if (from == fs::absolute(fs::path(b.file), ec).lexically_normal().parent_path()) return b.underlay->image;
    return underlay_image_name(picture, new_file);
}

calibration::Fit underlay_fit(const Board& b, std::optional<plane::Vec2> image_size) {
    if (!b.underlay) {
        calibration::Fit f;
        f.error = "the board has no [underlay]";
        return f;
    }
    std::vector<calibration::HexClick> clicks;
    for (const UnderlayPoint& p : b.underlay->points) clicks.push_back({p.hex, b.name(p.hex), {p.x, p.y}});
    const std::vector<hex::Cube> corners = {b.numbering.to_cube(1, 1), b.numbering.to_cube(b.columns, 1),
                                            b.numbering.to_cube(b.columns, b.rows), b.numbering.to_cube(1, b.rows)};
    const calibration::Model model = b.underlay->model == "affine"        ? calibration::Model::affine
                                     : b.underlay->model == "perspective" ? calibration::Model::perspective
                                                                          : calibration::Model::automatic;
    return calibration::calibrate_board(clicks, corners, model, image_size);
}

}  // namespace umpire::board
