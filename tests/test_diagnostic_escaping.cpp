// Diagnostics cannot be forged (issue 14, item 3): a name or key from a file is escaped where
// diagnostics are formatted (Diagnostic::str), so each problem is exactly one line and no
// control character reaches the terminal; and toml++'s syntax errors are said plainly,
// keeping FILE:LINE:COL (core/toml_reader.hpp plain_syntax_message).
//
// Sections
//   escaping          escape_text / quoted_value / Diagnostic::str, table-driven
//   through the CLI   a newline or ESC in a unit name and in a key
//   syntax errors     an unclosed quote and other toml++ errors in plain words
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdio>
#include <string>

#include "core/diag.hpp"
#include "core/text.hpp"
#include "core/toml_reader.hpp"
#include "hostile_support.hpp"

using umpire::test::all_located;
using umpire::test::lines;
using umpire::test::run_script;
using umpire::test::temp_file;

// ---- escaping ----------------------------------------------------------------------------

TEST_CASE("escaping: control characters, separators and bad bytes become escapes", "[diag]") {
    struct Case {
        const char* name;
        std::string in, text, quoted;
    };
    const Case cases[] = {
        {"plain text is kept", "Pz IV h", "Pz IV h", "\"Pz IV h\""},
        {"newline", "a\nb", "a\\nb", "\"a\\nb\""},
        {"tab and carriage return", "a\tb\r", "a\\tb\\r", "\"a\\tb\\r\""},
        {"ESC of a colour sequence", "\x1b[31mred", "\\x1b[31mred", "\"\\x1b[31mred\""},
        {"DEL and another C0 control", "\x7f\x01", "\\x7f\\x01", "\"\\x7f\\x01\""},
        {"C1 control (CSI)", "\xc2\x9b" "2J", "\\u{9b}2J", "\"\\u{9b}2J\""},
        {"line separator U+2028", "a\xe2\x80\xa8" "b", "a\\u{2028}b", "\"a\\u{2028}b\""},
        {"right-to-left override U+202E", "\xe2\x80\xae" "cba", "\\u{202e}cba", "\"\\u{202e}cba\""},
        {"byte that is not UTF-8", "a\xff", "a\\xff", "\"a\\xff\""},
        {"quotes and backslashes (quoted only)", "T\"62\\", "T\"62\\", "\"T\\\"62\\\\\""},
        {"letters of any language are kept", "Übung Панцер 戦車", "Übung Панцер 戦車", "\"Übung Панцер 戦車\""},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            CHECK(umpire::escape_text(c.in) == c.text);
            CHECK(umpire::quoted_value(c.in) == c.quoted);
        }
    }
}

TEST_CASE("escaping: Diagnostic::str is always one line, file name included", "[diag]") {
    const umpire::Diagnostic d{"evil\nname.toml", 3, 7, "unknown unit \"x\ny.toml:1:1: forged\x1b]0;title\x07\""};
    const std::string s = d.str();
    CHECK(s == "evil\\nname.toml:3:7: unknown unit \"x\\ny.toml:1:1: forged\\x1b]0;title\\x07\"");
    CHECK(s.find('\n') == std::string::npos);
    // An already quoted value passes through str() unchanged (no double escaping).
    const umpire::Diagnostic q{"f.toml", 1, 1, "unknown name " + umpire::quoted_value("a\"b\n")};
    CHECK(q.str() == "f.toml:1:1: unknown name \"a\\\"b\\n\"");
}

// ---- through the CLI -------------------------------------------------------------------------

TEST_CASE("escaping: a newline or ESC in a unit name or a key cannot forge a line", "[cli][diag]") {
    struct Case {
        const char* name;
        const char* firer;  // the [firer] table's lines
        std::size_t problems;
        const char* needle;
    };
    const Case cases[] = {
        {"newline in a unit name", "unit = \"T62\\nx.toml:1:1: forged\"\n", 1,
         "firer.unit: unknown unit \"T62\\nx.toml:1:1: forged\""},
        {"ESC in a unit name", "unit = \"\\u001b[2J\\u001b[31mT62\"\n", 1, "unknown unit \"\\x1b[2J\\x1b[31mT62\""},
        {"newline in a key", "unit = \"T62\"\n\"a\\nx.toml:1:1: forged\" = 1\n", 1,
         "firer.\"a\\nx.toml:1:1: forged\": unknown key"},
        {"ESC and a quote in a key", "unit = \"T62\"\n\"\\u001b[31m\\\"\" = 1\n", 1, "firer.\"\\x1b[31m\\\"\": unknown key"},
        {"both at once", "unit = \"T\\n99\"\n\"k\\r\\n\" = 1\n", 2, "firer.\"k\\r\\n\": unknown key"},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const std::string f = temp_file(std::string("system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\n") + c.firer +
                                            "[target]\nunit = \"M60A2\"\naspect = \"side\"\n[line]\nrange = 12\n");
            const auto r = run_script("\"$CLI\" rule '" + f + "'");
            INFO(r.err);
            CHECK(r.status == 2);
            CHECK(r.out.empty());
            CHECK(lines(r.err).size() == c.problems);
            CHECK(all_located(r.err, f));
            CHECK(r.err.find(c.needle) != std::string::npos);
            CHECK(r.err.find('\x1b') == std::string::npos);
            CHECK(r.err.find('\r') == std::string::npos);
        }
    }
}

TEST_CASE("escaping: an unknown option or command is echoed escaped", "[cli][diag]") {
    const auto r = run_script("\"$CLI\" \"$(printf 'frob\\nx.toml:1:1: forged')\"");
    CHECK(r.status == 1);
    CHECK(r.err.find("umpire-cli: unknown command 'frob\\nx.toml:1:1: forged'") != std::string::npos);
    CHECK(r.err.find("\nx.toml") == std::string::npos);
}

// ---- syntax errors ---------------------------------------------------------------------------------

TEST_CASE("syntax errors are said plainly, at FILE:LINE:COL", "[cli][diag]") {
    struct Case {
        const char* name;
        const char* text;
        const char* where;  // ":LINE:COL:"
        const char* message;
    };
    const Case cases[] = {
        {"unclosed double quote (points at the opening quote)", "system = \"spi-tank\"\n[firer]\nunit = \"T62\n", ":3:8:",
         "TOML syntax error: a string is not closed: add its closing quote before the end of the line"},
        {"unclosed single quote", "system = \"spi-tank\"\nx = 'T62\n", ":2:5:", "a string is not closed"},
        {"unclosed quote after an escaped quote", "x = \"say \\\"hi\\\"\n", ":1:5:", "a string is not closed"},
        {"unclosed quote at the end of the file", "system = \"spi-tank", ":1:10:", "a string is not closed"},
        {"unclosed multi-line string", "x = \"\"\"abc", ":1:", "a string is not closed before the end of the file"},
        {"missing value", "system = \"spi-tank\"\nterrain_mode = \n", ":2:", "a value is missing after '='"},
        {"unclosed table header", "[firer\nunit = 1\n", ":1:", "the table header is not closed: add ']'"},
        {"unclosed array", "x = [1, 2\n", ":1:", "an array is not closed"},
        {"key defined twice", "a = 1\na = 2\n", ":2:", "integer 'a' is defined twice"},
        {"hex number as an integer", "hex = 0101\n", ":1:", "a number cannot start with 0"},
        {"two values on a line", "x = 1 2\n", ":1:", "unexpected text after the value"},
        {"unquoted text value", "unit = T62\n", ":1:", "TOML syntax error: "},
        {"unknown escape", "x = \"C:\\temp\\q\"\n", ":1:", "unknown escape '\\q' in a string"},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const std::string f = temp_file(c.text);
            const auto r = run_script("\"$CLI\" rule '" + f + "'");
            INFO(r.err);
            CHECK(r.status == 2);
            CHECK(r.out.empty());
            CHECK(lines(r.err).size() == 1);
            CHECK(all_located(r.err, f));
            CHECK(r.err.rfind(f + c.where, 0) == 0);
            CHECK(r.err.find(c.message) != std::string::npos);
            CHECK(r.err.find("Error while parsing") == std::string::npos);
        }
    }
}

// append_quoted looks at sixteen bytes at a time for what it escapes; byte by byte, as written
// out below, must give the same text for any bytes, any length, either treatment of DEL.
TEST_CASE("escaping: quoted strings are the same as escaping byte by byte, at every length", "[diag]") {
    auto one_by_one = [](std::string_view s, bool escape_delete) {
        std::string out = "\"";
        for (const char ch : s) {
            const unsigned char c = static_cast<unsigned char>(ch);
            if (c == '"') out += "\\\"";
            else if (c == '\\') out += "\\\\";
            else if (c == '\n') out += "\\n";
            else if (c == '\r') out += "\\r";
            else if (c == '\t') out += "\\t";
            else if (c < 0x20 || (escape_delete && c == 0x7f)) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else out += ch;
        }
        return out + "\"";
    };
    std::uint32_t seed = 12345;
    auto next = [&seed] { return seed = seed * 1664525u + 1013904223u; };
    int checked = 0;
    for (int round = 0; round < 3000; ++round) {
        std::string s(next() % 70, 'a');
        // Mostly plain text with a few of each kind of byte that is escaped, anywhere.
        for (char& ch : s) {
            const std::uint32_t r = next() % 100;
            ch = r < 80 ? char('a' + r % 26) : r < 84 ? '"' : r < 88 ? '\\' : r < 92 ? char(next() % 0x20) : r < 95 ? char(0x7f) : char(0x80 + next() % 0x80);
        }
        for (const bool del : {false, true}) {
            std::string got = "prefix:";
            umpire::append_quoted(got, s, del);
            REQUIRE(got == "prefix:" + one_by_one(s, del));
            ++checked;
        }
    }
    CHECK(checked == 6000);
}
