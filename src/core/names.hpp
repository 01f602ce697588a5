// Names of choices (units, terrain, elevations...): how a name a person typed is matched.
//
// Sections
//   normalize_name, same_name   case, spaces and the characters / - ( ) . _ are ignored:
//                               "Pz IV h", "pzivh" and "PzIVh" are one unit; same_name and
//                               normalizes_to compare without building strings (a ruling
//                               matches names many times)
//   match_name                  a plain list of accepted names
//   Named, resolve_name         names with aliases (common names such as "Tiger" for the Pz VI a):
//                               an exact name wins over any alias; an alias that two entries share
//                               matches neither ("ambiguous": bad input naming both)
//   join_names                  "a, b or c" for messages
//   enum_from, enum_name        an enum and its name in the files, by a table listing the
//                               enumerators' names in their order
//   FixedNames                  a list of names written in the source (a game's modes,
//                               aspects, questions), made without start-up work
// docs/situations.md ("Names") describes the same rule for users.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire {

std::string normalize_name(std::string_view s);
bool same_name(std::string_view a, std::string_view b);
// Whether normalize_name(raw) == normalized, without building a string (`normalized` must
// already be normalized: a ruling compares one typed name with every chart name).
bool normalizes_to(std::string_view raw, std::string_view normalized);

// Index of the accepted name that matches `given`, if any.
std::optional<std::size_t> match_name(std::string_view given, const std::vector<std::string>& accepted);

// One choice with the other names it is known by (from rules-data `aliases`).
struct Named {
    std::string name;
    std::vector<std::string> aliases;
};

struct NameMatch {
    std::optional<std::size_t> index;   // the entry matched, when exactly one did
    bool by_alias = false;              // true when `given` is an alias, not the entry's own name
    std::vector<std::size_t> ambiguous; // entries sharing the alias `given`, when two or more do
};

// Exact names first (normalized), then aliases. Never guesses between two entries.
NameMatch resolve_name(std::string_view given, const std::vector<Named>& entries);

// The same over any list, without copying it into Named: name_of(e) gives an entry's name,
// aliases_of(e) its aliases (for data that keeps its own structs, e.g. the TANK! units).
template <class Entries, class NameOf, class AliasesOf>
NameMatch resolve_name_in(std::string_view given, const Entries& entries, NameOf name_of, AliasesOf aliases_of) {
    const std::string g = normalize_name(given);
    NameMatch m;
    if (g.empty()) return m;
    // An exact name wins over every alias, wherever the alias is listed: "M4" is the M4 even if
    // some other unit were also known as "M4".
    for (std::size_t i = 0; i < entries.size(); ++i)
        if (normalizes_to(name_of(entries[i]), g)) { m.index = i; return m; }
    std::vector<std::size_t> hits;
    for (std::size_t i = 0; i < entries.size(); ++i)
        for (const auto& a : aliases_of(entries[i]))
            if (normalizes_to(a, g)) { hits.push_back(i); break; }
    if (hits.size() == 1) {
        m.index = hits.front();
        m.by_alias = true;
    } else if (hits.size() > 1) {
        m.ambiguous = std::move(hits);
    }
    return m;
}

// The entries' own names, in order.
std::vector<std::string> names_of(const std::vector<Named>& entries);

// A file's word in plain words, each hyphen a space: "along-hexside" is "along hexside" (the
// games' views say their option names so).
std::string spaced_words(std::string_view name);

// "a, b or c" for error messages.
std::string join_names(const std::vector<std::string>& names, std::string_view last_sep = " or ");

// The enumerator named `s` in `names` (the enumerators' names in order; `s` one of them, checked
// by the caller), and the name of `e`.
template <class E>
E enum_from(const std::string& s, const std::vector<std::string>& names) {
    return static_cast<E>(std::find(names.begin(), names.end(), s) - names.begin());
}
template <class E>
const char* enum_name(E e, const std::vector<std::string>& names) {
    return names[static_cast<std::size_t>(e)].c_str();
}

// A list of names written in the source, as `const FixedNames kModes = {"closed", "mixed", "open"};`.
// It is made at compile time (constant initialisation): the 40 such lists of the games, made as
// std::vector<std::string> constants, built their strings in every process before main (issue
// 21, point 6). It reads as the std::vector<std::string> the readers take, built the first time
// it is asked for (safe from several threads at once) and kept while the process runs.
template <std::size_t N>
class FixedNames {
public:
    template <class... S>
    constexpr FixedNames(const S&... names) : text_{std::string_view(names)...} {}
    FixedNames(const FixedNames&) = delete;
    FixedNames& operator=(const FixedNames&) = delete;

    const std::vector<std::string>& get() const {
        if (const auto* v = built_.load(std::memory_order_acquire)) return *v;
        auto* made = new std::vector<std::string>(std::begin(text_), std::end(text_));
        const std::vector<std::string>* first = nullptr;
        if (built_.compare_exchange_strong(first, made, std::memory_order_acq_rel)) return *made;
        delete made;  // another thread built it first
        return *first;
    }
    operator const std::vector<std::string>&() const { return get(); }
    std::size_t size() const { return N; }
    const std::string& operator[](std::size_t i) const { return get()[i]; }
    std::vector<std::string>::const_iterator begin() const { return get().begin(); }
    std::vector<std::string>::const_iterator end() const { return get().end(); }

private:
    std::string_view text_[N];
    // Never freed: reachable to the end, so no leak is reported.
    mutable std::atomic<const std::vector<std::string>*> built_{nullptr};
};
template <class... S>
FixedNames(const S&...) -> FixedNames<sizeof...(S)>;

}  // namespace umpire
