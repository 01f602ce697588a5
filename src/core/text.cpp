#include "core/text.hpp"

#include <cstring>

namespace umpire {

void append(std::string& out, std::initializer_list<Piece> pieces) {
    std::size_t n = 0;
    for (const Piece& p : pieces) n += p.text().size();
    const std::size_t at = out.size();
    out.resize(at + n);  // one allocation at most; every byte is written below
    char* w = out.data() + at;
    for (const Piece& p : pieces) {
        const std::string_view t = p.text();
        if (!t.empty()) std::memcpy(w, t.data(), t.size());
        w += t.size();
    }
}

std::string cat(std::initializer_list<Piece> pieces) {
    std::string out;
    append(out, pieces);
    return out;
}

}  // namespace umpire
