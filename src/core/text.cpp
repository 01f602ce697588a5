#include "core/text.hpp"

#include <cstdio>
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

std::string formatted(double v, const char* format) {
    char buf[40];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

void append_quoted(std::string& out, std::string_view s, bool escape_delete) {
    out += '"';
    std::size_t run = 0;  // start of the plain run not yet copied
    for (std::size_t i = 0; i < s.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c != '"' && c != '\\' && !(escape_delete && c == 0x7f)) continue;
        out.append(s, run, i - run);
        run = i + 1;
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default: {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            }
        }
    }
    out.append(s, run, std::string_view::npos);
    out += '"';
}

}  // namespace umpire
