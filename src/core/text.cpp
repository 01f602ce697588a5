#include "core/text.hpp"

#include <cstdio>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

// Index of the first byte at or after `i` that append_quoted escapes, or s.size(): sixteen bytes
// at a time (a ruling's JSON quotes a few kilobytes of names and explanations, nearly all plain).
static std::size_t plain_until(std::string_view s, std::size_t i, bool escape_delete) {
#if defined(__SSE2__)
    // DEL is looked for only when it is escaped; otherwise its lane repeats the quote's.
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), control = _mm_set1_epi8(0x1f),
                  del = _mm_set1_epi8(escape_delete ? 0x7f : '"');
    for (; i + 16 <= s.size(); i += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.data() + i));
        const __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                                         _mm_or_si128(_mm_cmpeq_epi8(_mm_max_epu8(v, control), control), _mm_cmpeq_epi8(v, del)));
        if (const int mask = _mm_movemask_epi8(hit)) return i + std::size_t(__builtin_ctz(unsigned(mask)));
    }
#else
    (void)s, (void)escape_delete;
#endif
    return i;  // the last few bytes (or all, without SSE2) are looked at one by one
}

void append_quoted(std::string& out, std::string_view s, bool escape_delete) {
    out += '"';
    std::size_t run = 0;  // start of the plain run not yet copied
    for (std::size_t i = plain_until(s, 0, escape_delete); i < s.size(); i = plain_until(s, i + 1, escape_delete)) {
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
