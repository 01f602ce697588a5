#include "engine/names.hpp"

#include <cctype>

namespace umpire {

std::string normalize_name(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (unsigned char c : s) {
        if (std::isspace(c) || c == '/' || c == '-' || c == '(' || c == ')' || c == '.' || c == '_') continue;
        out += static_cast<char>(std::tolower(c));
    }
    return out;
}

bool same_name(std::string_view a, std::string_view b) { return normalize_name(a) == normalize_name(b); }

std::optional<std::size_t> match_name(std::string_view given, const std::vector<std::string>& accepted) {
    const std::string g = normalize_name(given);
    for (std::size_t i = 0; i < accepted.size(); ++i)
        if (normalize_name(accepted[i]) == g) return i;
    return std::nullopt;
}

NameMatch resolve_name(std::string_view given, const std::vector<Named>& entries) {
    const std::string g = normalize_name(given);
    NameMatch m;
    if (g.empty()) return m;
    // An exact name wins over every alias, wherever the alias is listed: "M4" is the M4 even if
    // some other unit were also known as "M4".
    for (std::size_t i = 0; i < entries.size(); ++i)
        if (normalize_name(entries[i].name) == g) { m.index = i; return m; }
    std::vector<std::size_t> hits;
    for (std::size_t i = 0; i < entries.size(); ++i)
        for (const auto& a : entries[i].aliases)
            if (normalize_name(a) == g) { hits.push_back(i); break; }
    if (hits.size() == 1) {
        m.index = hits.front();
        m.by_alias = true;
    } else if (hits.size() > 1) {
        m.ambiguous = std::move(hits);
    }
    return m;
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
