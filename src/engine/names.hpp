// Names of choices (units, terrain, elevations...) are matched ignoring case,
// spaces and the characters / - ( ) .  (shared/spec/situations.md): "Pz IV h",
// "pzivh" and "PzIVh" are one unit.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire {

std::string normalize_name(std::string_view s);
bool same_name(std::string_view a, std::string_view b);

// Index of the accepted name that matches `given`, if any.
std::optional<std::size_t> match_name(std::string_view given, const std::vector<std::string>& accepted);

// "a, b or c" for error messages.
std::string join_names(const std::vector<std::string>& names, std::string_view last_sep = " or ");

}  // namespace umpire
