#include "core/names.hpp"

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
