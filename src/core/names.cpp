#include "core/names.hpp"

#include <array>

namespace umpire {

namespace {

// What normalize_name does to one byte: -1 to drop it (white space and / - ( ) . _), else the byte
// lower-cased. The table is the C locale's isspace and tolower (ASCII only; bytes of UTF-8
// sequences are kept as they are), the locale every Umpire program runs in (none sets another).
struct Folding {
    std::array<short, 256> to{};
    constexpr Folding() {
        for (int c = 0; c < 256; ++c) {
            const bool drop = c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' || c == '/' ||
                              c == '-' || c == '(' || c == ')' || c == '.' || c == '_';
            to[std::size_t(c)] = short(drop ? -1 : c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        }
    }
};
constexpr Folding kFold;

// The next kept byte of `s` from `i` (folded), or -1 at the end.
int next_kept(std::string_view s, std::size_t& i) {
    while (i < s.size()) {
        const int c = kFold.to[static_cast<unsigned char>(s[i++])];
        if (c >= 0) return c;
    }
    return -1;
}

}  // namespace

std::string normalize_name(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (const unsigned char c : s)
        if (const int f = kFold.to[c]; f >= 0) out += static_cast<char>(f);
    return out;
}

bool same_name(std::string_view a, std::string_view b) {
    std::size_t i = 0, j = 0;
    for (;;) {
        const int x = next_kept(a, i), y = next_kept(b, j);
        if (x != y) return false;
        if (x < 0) return true;
    }
}

bool normalizes_to(std::string_view raw, std::string_view normalized) {
    std::size_t i = 0, j = 0;
    for (;;) {
        const int x = next_kept(raw, i);
        if (x < 0) return j == normalized.size();
        if (j == normalized.size() || static_cast<unsigned char>(normalized[j++]) != x) return false;
    }
}

std::optional<std::size_t> match_name(std::string_view given, const std::vector<std::string>& accepted) {
    const std::string g = normalize_name(given);
    for (std::size_t i = 0; i < accepted.size(); ++i)
        if (normalizes_to(accepted[i], g)) return i;
    return std::nullopt;
}

NameMatch resolve_name(std::string_view given, const std::vector<Named>& entries) {
    return resolve_name_in(
        given, entries, [](const Named& e) -> const std::string& { return e.name; },
        [](const Named& e) -> const std::vector<std::string>& { return e.aliases; });
}

std::vector<std::string> names_of(const std::vector<Named>& entries) {
    std::vector<std::string> v;
    v.reserve(entries.size());
    for (const auto& e : entries) v.push_back(e.name);
    return v;
}

std::string join_names(const std::vector<std::string>& names, std::string_view last_sep) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0) out += (i + 1 == names.size()) ? std::string(last_sep) : std::string(", ");
        out += names[i];
    }
    return out;
}

}  // namespace umpire
