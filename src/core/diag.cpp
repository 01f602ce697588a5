// Diagnostics and their escaping (see diag.hpp).
//
// Sections
//   Diagnostic, InputError   str() escapes file and message; what() joins the lines
//   escaping                 utf8_sequence, escape_text, quoted_value
#include "core/diag.hpp"

#include <cstdio>

namespace umpire {

// ---- Diagnostic, InputError -------------------------------------------------

std::string Diagnostic::str() const {
    return escape_text(file) + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + escape_text(message);
}

static std::string join_messages(const std::vector<Diagnostic>& d) {
    std::string out;
    for (const auto& x : d) {
        if (!out.empty()) out += "\n";
        out += x.str();
    }
    return out;
}

InputError::InputError(std::vector<Diagnostic> diags)
    : std::runtime_error(join_messages(diags)), diags_(std::move(diags)) {}

void throw_file_error(const std::string& file, std::string message) {
    throw InputError({Diagnostic{file, 1, 1, std::move(message)}});
}

// ---- escaping ---------------------------------------------------------------

std::size_t utf8_sequence(std::string_view s, std::size_t i, char32_t* cp) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
    const unsigned char c0 = b(0);
    if (c0 < 0x80) { *cp = c0; return 1; }
    std::size_t n;
    char32_t c, min;
    if ((c0 & 0xe0) == 0xc0) { n = 2; c = c0 & 0x1f; min = 0x80; }
    else if ((c0 & 0xf0) == 0xe0) { n = 3; c = c0 & 0x0f; min = 0x800; }
    else if ((c0 & 0xf8) == 0xf0) { n = 4; c = c0 & 0x07; min = 0x10000; }
    else return 0;
    if (i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k) {
        if ((b(k) & 0xc0) != 0x80) return 0;
        c = (c << 6) | (b(k) & 0x3f);
    }
    if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) return 0;
    *cp = c;
    return n;
}

// Code points that move the cursor, end a line or reorder text on a terminal:
// C0 and C1 controls, DEL, line/paragraph separators, bidi marks and overrides, BOM.
static bool unsafe_code_point(char32_t c) {
    return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029 || c == 0x200e || c == 0x200f ||
           (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c == 0xfeff;
}

static void append_escape(std::string& out, char32_t c) {
    char buf[16];
    switch (c) {
        case '\n': out += "\\n"; return;
        case '\t': out += "\\t"; return;
        case '\r': out += "\\r"; return;
        default: break;
    }
    if (c < 0x80) std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(c));
    else std::snprintf(buf, sizeof buf, "\\u{%x}", static_cast<unsigned>(c));
    out += buf;
}

static std::string escape(std::string_view text, bool quotes_too) {
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        char32_t c = 0;
        const std::size_t n = utf8_sequence(text, i, &c);
        if (n == 0) {  // not UTF-8: show the byte
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(text[i]));
            out += buf;
            ++i;
            continue;
        }
        if (unsafe_code_point(c)) append_escape(out, c);
        else if (quotes_too && (c == '"' || c == '\\')) { out += '\\'; out += static_cast<char>(c); }
        else out.append(text.substr(i, n));
        i += n;
    }
    return out;
}

std::string escape_text(std::string_view text) { return escape(text, false); }

std::string quoted_value(std::string_view value) { return "\"" + escape(value, true) + "\""; }

}  // namespace umpire
