// Diagnostics: every problem with a situation or a rules-data file is reported
// as `FILE:LINE:COL: message`, one line per problem (see docs/situations.md).
//
// Input files come from other people, so a diagnostic is made safe where it is
// formatted (Diagnostic::str), not at each caller: control characters, line and
// paragraph separators, bidirectional overrides and bytes that are not UTF-8 are
// written as escapes (\n, \t, \x1b, \u{202e}, \xff), so one diagnostic is always
// exactly one line and nothing in a file can forge a second one or drive the terminal.
//
// Sections
//   Diagnostic, InputError   one located problem; the exception carrying them all
//   escaping                 escape_text (used by str), quoted_value (for echoed values), and
//                            utf8_sequence, the one UTF-8 decoder (check_text reads with it too)
#pragma once
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace umpire {

struct Diagnostic {
    std::string file;
    int line = 1;
    int column = 1;
    std::string message;
    std::string str() const;  // "FILE:LINE:COL: message", escaped to one line
};

// Thrown when input (a situation or rules data) is wrong. Carries every problem found.
class InputError : public std::runtime_error {
public:
    explicit InputError(std::vector<Diagnostic> diags);
    const std::vector<Diagnostic>& diagnostics() const { return diags_; }
private:
    std::vector<Diagnostic> diags_;
};

// Throws an InputError with one problem located at FILE:1:1 (a problem with the whole file).
[[noreturn]] void throw_file_error(const std::string& file, std::string message);

// The text with every character that could break a line or reach the terminal as a
// control written as an escape; printable text (any language) is kept. Backslashes are
// kept as they are, so an already escaped value (quoted_value) passes through unchanged.
std::string escape_text(std::string_view text);

// A value echoed from the input, in double quotes, with `\` and `"` escaped too, so the
// reader can always tell where the value ends: "Tiger \"3\"".
std::string quoted_value(std::string_view value);

// Length of the well-formed UTF-8 sequence starting at text[i] (1..4), storing its
// code point in *cp; 0 when the bytes there are not UTF-8 (overlong forms, surrogates,
// code points past U+10FFFF and truncated sequences included).
std::size_t utf8_sequence(std::string_view text, std::size_t i, char32_t* cp);

}  // namespace umpire
