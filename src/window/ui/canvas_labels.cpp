// Label placement on a canvas (see canvas_labels.hpp).
#include "window/ui/canvas_labels.hpp"

#include <algorithm>
#include <cmath>

namespace umpire::app::ui {

std::optional<ImVec2> label_spot(ImVec2 lo, ImVec2 hi, ImVec2 wanted, ImVec2 size, std::vector<ImVec4>* placed, bool movable) {
    if (size.x + 8 > hi.x - lo.x || size.y + 2 > hi.y - lo.y) return std::nullopt;
    auto inside = [&](ImVec2 p) {
        return ImVec2(std::floor(std::clamp(p.x, lo.x + 3, hi.x - 3 - size.x)), std::floor(std::clamp(p.y, lo.y + 1, hi.y - 1 - size.y)));
    };
    auto free_at = [&](ImVec2 p) {
        if (!placed) return true;
        for (const auto& r : *placed)
            if (p.x - 2 < r.z && p.x + size.x + 2 > r.x && p.y < r.w && p.y + size.y > r.y) return false;
        return true;
    };
    std::optional<ImVec2> spot;
    if (const ImVec2 p = inside(wanted); free_at(p)) {
        spot = p;
    } else if (movable) {
        const float dys[] = {0, 1, -1, 2, -2, 3, -3, 4, -4};
        const float dxs[] = {0, 0.6f, -0.6f, 1.2f, -1.2f};
        for (float dx : dxs) {
            for (float dy : dys) {
                const ImVec2 q = inside(ImVec2(wanted.x + dx * size.x, wanted.y + dy * size.y));
                if (free_at(q)) {
                    spot = q;
                    break;
                }
            }
            if (spot) break;
        }
    }
    if (spot && placed) placed->push_back(ImVec4(spot->x - 2, spot->y, spot->x + size.x + 2, spot->y + size.y));
    return spot;
}

}  // namespace umpire::app::ui
