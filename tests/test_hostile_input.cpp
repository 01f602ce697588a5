// Hostile input files (issue 14, items 1 and 7): the one bounded reader (core/input.hpp)
// and the count limits (core/toml_reader.hpp). Whatever a referee is sent -- an endless stream,
// a huge or binary file, a FIFO, a device, a folder, a file that cannot be opened, a million
// keys -- umpire-cli must end quickly with exit 2, nothing on stdout and one located
// `FILE:LINE:COL: message` line naming the file and the reason (README.md, "Limits").
//
// Sections
//   streams and sizes     endless stdin, /dev/zero, huge file, the 1 MiB boundary
//   file types            FIFO, device, folder, closed stdin, a FIFO as a rules-data file
//   filesystem errors     missing, symlink loop, over-long name, unreadable, unsearchable
//   binary content        invalid UTF-8, NUL bytes
//   counts                keys per table, items per array, total values, capped report
//   nesting               dotted keys and headers (toml++ recursion), nested values
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/input.hpp"
#include "core/toml_reader.hpp"
#include "hostile_support.hpp"

namespace fs = std::filesystem;
using umpire::test::all_located;
using umpire::test::lines;
using umpire::test::run_script;
using umpire::test::ScratchDir;
using umpire::test::temp_file;

namespace {

// A valid situation; the hostile parts are appended or substituted by each case.
const std::string kGood =
    "system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"T62\"\n[target]\nunit = \"M60A2\"\n"
    "aspect = \"side\"\n[line]\nrange = 12\n";

// The bad-input contract for one problem with the whole file: exit 2, nothing on stdout,
// exactly one line, located at `file`, containing `needle`; and quick.
void check_refused(const umpire::test::ScriptResult& r, const std::string& file, const std::string& needle) {
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(lines(r.err).size() == 1);
    CHECK(all_located(r.err, file));
    CHECK(r.err.find(needle) != std::string::npos);
    CHECK(r.seconds < 5.0);
}

// `size` bytes of valid TOML: an unknown system (so a file that gets through the reader is
// refused by a different, recognisable message) padded with comment lines.
std::string padded_situation(std::size_t size) {
    std::string s = "system = \"chess\"\n";
    while (s.size() < size) {
        const std::size_t room = size - s.size();
        s += room >= 2 ? "#" + std::string(std::min<std::size_t>(room - 2, 78), 'x') + "\n" : std::string(room, '\n');
    }
    return s;
}

}  // namespace

// ---- streams and sizes ---------------------------------------------------------------

TEST_CASE("hostile input: an endless standard input is refused at the size limit", "[cli][hostile]") {
    check_refused(run_script("yes | \"$CLI\" rule -"), "<stdin>", "too large: more than 1 MiB");
    check_refused(run_script("yes 'x = 1' | \"$CLI\" rule - --json"), "<stdin>", "too large");
}

TEST_CASE("hostile input: /dev/zero is refused as a file and as standard input", "[cli][hostile]") {
    check_refused(run_script("\"$CLI\" rule /dev/zero"), "/dev/zero", "is a device, not a regular file");
    check_refused(run_script("\"$CLI\" rule - < /dev/zero"), "<stdin>", "too large");
}

TEST_CASE("hostile input: a huge file is refused by its size, without reading it", "[cli][hostile]") {
    ScratchDir d;
    const std::string huge = d / "huge.toml";
    // A sparse 4 GiB file: refused from fstat's size, so this takes no time and no disk.
    REQUIRE(run_script("truncate -s 4G '" + huge + "'").status == 0);
    check_refused(run_script("\"$CLI\" rule '" + huge + "'"), huge, "too large: more than 1 MiB");
    check_refused(run_script("\"$CLI\" rule - < '" + huge + "'"), "<stdin>", "too large");
}

TEST_CASE("hostile input: 1 MiB is read, 1 MiB and one byte is not (file and stdin)", "[cli][hostile]") {
    REQUIRE(umpire::kMaxTomlBytes == 1048576);
    const std::string at_limit = temp_file(padded_situation(umpire::kMaxTomlBytes));
    const std::string over = temp_file(padded_situation(umpire::kMaxTomlBytes + 1));
    REQUIRE(fs::file_size(at_limit) == umpire::kMaxTomlBytes);
    // At the limit the file is parsed: the message is about its content (the unknown system).
    check_refused(run_script("\"$CLI\" rule '" + at_limit + "'"), at_limit, "system: unknown name \"chess\"");
    check_refused(run_script("cat '" + at_limit + "' | \"$CLI\" rule -"), "<stdin>", "unknown name \"chess\"");
    check_refused(run_script("\"$CLI\" rule '" + over + "'"), over, "too large");
    check_refused(run_script("cat '" + over + "' | \"$CLI\" rule -"), "<stdin>", "too large");
}

TEST_CASE("hostile input: the board-file limit is a named constant of 8 MiB", "[hostile]") {
    CHECK(umpire::kMaxBoardBytes == 8u * 1024 * 1024);
    CHECK(umpire::describe_size(umpire::kMaxBoardBytes) == "8 MiB");
    CHECK(umpire::describe_size(umpire::kMaxTomlBytes) == "1 MiB");
    CHECK(umpire::describe_size(100) == "100 bytes");
}

// ---- file types ------------------------------------------------------------------------

TEST_CASE("hostile input: a FIFO is refused at once, never waited on", "[cli][hostile]") {
    ScratchDir d;
    const std::string fifo = d / "situation.toml";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    check_refused(run_script("\"$CLI\" rule '" + fifo + "'"), fifo, "is a pipe (FIFO), not a regular file");
}

TEST_CASE("hostile input: a folder given as the situation is refused", "[cli][hostile]") {
    ScratchDir d;
    check_refused(run_script("\"$CLI\" rule '" + d.path.string() + "'"), d.path.string(), "is a folder, not a TOML file");
}

TEST_CASE("hostile input: a closed standard input is a located read error", "[cli][hostile]") {
    check_refused(run_script("\"$CLI\" rule - <&-"), "<stdin>", "cannot read: Bad file descriptor");
}

TEST_CASE("hostile input: a rules-data file replaced by a FIFO is refused, not waited on", "[cli][hostile]") {
    const fs::path dir = umpire::test::rules_data_copy("panzerblitz.toml", "[", "[");
    const fs::path file = dir / "panzerblitz.toml";
    fs::remove(file);
    REQUIRE(::mkfifo(file.c_str(), 0600) == 0);
    // check-data reads every file; ruling a PanzerBlitz situation reads that game's (one game's
    // broken rules data locks only that game, so another game's situation would not touch it).
    for (const std::string& cmd : {"check-data '" + dir.string() + "'",
                                  "--rules-data '" + dir.string() + "' rule - <<'EOF'\nsystem = \"panzerblitz\"\nEOF"}) {
        const auto r = run_script("\"$CLI\" " + cmd);
        INFO(cmd << "\n" << r.err);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK(r.err.find(file.string() + ":1:1: is a pipe (FIFO)") != std::string::npos);
        CHECK(r.seconds < 5.0);
    }
    fs::remove_all(dir);
}

// ---- filesystem errors -------------------------------------------------------------------

TEST_CASE("hostile input: filesystem errors name the file and the OS reason", "[cli][hostile]") {
    ScratchDir d;
    const std::string loop = d / "loop.toml";
    fs::create_symlink(d / "loop2.toml", loop);
    fs::create_symlink(loop, d / "loop2.toml");
    const std::string long_name = d / (std::string(300, 'n') + ".toml");
    struct Case {
        const char* name;
        std::string file;
        const char* reason;
    };
    const Case cases[] = {
        {"missing file", d / "missing.toml", "cannot read: No such file or directory"},
        {"symlink loop", loop, "cannot read: Too many levels of symbolic links"},
        {"over-long name", long_name, "cannot read: File name too long"},
        {"a file under a regular file", temp_file(kGood) + "/x.toml", "cannot read: Not a directory"},
    };
    for (const auto& c : cases) {
        SECTION(c.name) { check_refused(run_script("\"$CLI\" rule '" + c.file + "'"), c.file, c.reason); }
    }
}

TEST_CASE("hostile input: an unreadable file and an unsearchable folder are located read errors", "[cli][hostile]") {
    // Permissions do not stop root: as root the CLI is run as the user nobody (setpriv).
    std::string as_user;
    if (::geteuid() == 0) {
        if (std::system("command -v setpriv >/dev/null 2>&1") != 0) {
            WARN("running as root without setpriv: the permission cases are skipped");
            return;
        }
        as_user = "setpriv --reuid=65534 --regid=65534 --clear-groups ";
    }
    ScratchDir d;
    const std::string file = d / "secret.toml";
    std::ofstream(file) << kGood;
    fs::permissions(file, fs::perms::none);
    check_refused(run_script(as_user + "\"$CLI\" rule '" + file + "'"), file, "cannot read: Permission denied");

    const fs::path locked = d.path / "locked";
    fs::create_directories(locked);
    std::ofstream(locked / "s.toml") << kGood;
    fs::permissions(locked, fs::perms::none);
    const std::string inside = (locked / "s.toml").string();
    check_refused(run_script(as_user + "\"$CLI\" rule '" + inside + "'"), inside, "cannot read: Permission denied");
    fs::permissions(locked, fs::perms::owner_all);
}

// ---- binary content ------------------------------------------------------------------------

TEST_CASE("hostile input: binary content is refused at its first bad byte", "[cli][hostile]") {
    struct Case {
        const char* name;
        std::string text;
        const char* where;  // ":LINE:COL:"
        const char* needle;
    };
    const Case cases[] = {
        {"invalid UTF-8 byte", "system = \"spi-tank\"\nterrain_mode = \"mi\xffxed\"\n", ":2:19:", "the byte \\xff here is not UTF-8"},
        {"NUL byte", std::string("system = \"spi-tank\"\nx = 1\0\n", 27), ":2:6:", "NUL byte"},
        {"truncated UTF-8 sequence at the end", "system = \"spi-tank\"\n# caf\xc3", ":2:6:", "not UTF-8"},
        {"overlong encoding of '/'", "system = \"spi-tank\"\n#\xc0\xaf\n", ":2:2:", "not UTF-8"},
        {"UTF-16 surrogate", "system = \"spi-tank\"\n#\xed\xa0\x80\n", ":2:2:", "not UTF-8"},
        {"ELF header", std::string("\x7f" "ELF\x02\x01\x01\0\0\0", 10), ":1:8:", "NUL byte"},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const std::string f = temp_file(c.text);
            const auto r = run_script("\"$CLI\" rule '" + f + "'");
            check_refused(r, f, c.needle);
            CHECK(r.err.rfind(f + c.where, 0) == 0);
        }
    }
}

TEST_CASE("hostile input: non-ASCII UTF-8 text is not binary", "[hostile]") {
    // A referee's notes in any language are fine (names are checked by the game modules).
    CHECK_NOTHROW(umpire::check_text("title = \"Übung — Панцер 戦車 🎲\"\n", "t.toml"));
    CHECK_THROWS_AS(umpire::check_text(std::string("a\0", 2), "t.toml"), umpire::InputError);
}

TEST_CASE("hostile input: check_text locates the first bad byte by line and column in characters", "[hostile]") {
    // The scan skips plain ASCII eight bytes at a time; the place it reports must not depend on
    // where in such a block the bad byte falls, nor on the UTF-8 characters before it.
    const std::string lead = "title = \"Übung — Панцер 戦車 🎲\"\n# long ASCII line 0123456789abcdef\nk = \"é";
    const int lead_line = 3, lead_column = 7;  // after `k = "é` on line 3: 6 characters
    for (const std::string& bad : {std::string(1, '\0'), std::string("\xff"), std::string("\xc3("), std::string("\xe2\x82")}) {
        for (std::size_t pad = 0; pad < 17; ++pad) {
            const std::string text = lead + std::string(pad, 'x') + bad + "\"\nmore = 1\n";
            INFO("pad " << pad << ", bad byte " << int(static_cast<unsigned char>(bad[0])));
            try {
                umpire::check_text(text, "t.toml");
                FAIL("accepted");
            } catch (const umpire::InputError& e) {
                REQUIRE(e.diagnostics().size() == 1);
                CHECK(e.diagnostics().front().line == lead_line);
                CHECK(e.diagnostics().front().column == lead_column + int(pad));
                CHECK(e.diagnostics().front().message.find(bad[0] == '\0' ? "NUL byte" : "not UTF-8") != std::string::npos);
            }
        }
    }
    CHECK_NOTHROW(umpire::check_text(lead + "\"\n" + std::string(1000, 'a') + "\n", "t.toml"));
}

// ---- counts ------------------------------------------------------------------------------------

namespace {
std::string keys(std::size_t n, const std::string& prefix = "k") {
    std::string s;
    for (std::size_t i = 0; i < n; ++i) s += prefix + std::to_string(i) + " = 1\n";
    return s;
}
std::string array_of(std::size_t n) {
    std::string s = "obstacles = [";
    for (std::size_t i = 0; i < n; ++i) s += i ? ",1" : "1";
    return s + "]\n";
}
}  // namespace

TEST_CASE("hostile input: a hundred thousand unknown keys are one line, fast", "[cli][hostile]") {
    // As many keys as fit in 1 MiB: refused by count before any key is looked at.
    std::string text = "system = \"spi-tank\"\n[firer]\n";
    for (std::size_t i = 0; text.size() < umpire::kMaxTomlBytes - 32; ++i) text += "k" + std::to_string(i) + "=1\n";
    const std::string f = temp_file(text);
    const auto r = run_script("\"$CLI\" rule '" + f + "'");
    check_refused(r, f, "too many keys in one table");
    CHECK(r.err.rfind(f + ":2:1:", 0) == 0);  // the [firer] header
    CHECK(r.seconds < 3.0);
}

TEST_CASE("hostile input: a million keys are refused by size first, one line", "[cli][hostile]") {
    ScratchDir d;
    const std::string f = d / "million.toml";
    {
        std::ofstream out(f);
        out << "system = \"spi-tank\"\n[firer]\n";
        for (int i = 0; i < 1000000; ++i) out << "k" << i << "=1\n";
    }
    check_refused(run_script("\"$CLI\" rule '" + f + "'"), f, "too large");
    check_refused(run_script("\"$CLI\" rule - < '" + f + "'"), "<stdin>", "too large");
}

TEST_CASE("hostile input: keys per table, items per array and values per file are bounded", "[hostile]") {
    using umpire::kMaxArrayItems;
    using umpire::kMaxKeysPerTable;
    struct Case {
        const char* name;
        std::string text;
        const char* needle;  // empty: within the limits
    };
    std::string many_tables;  // 100 tables of 201 keys: each table fine, the file over 20000 values
    for (int t = 0; t < 100; ++t) many_tables += "[t" + std::to_string(t) + "]\n" + keys(201);
    const Case cases[] = {
        {"keys at the limit", "[firer]\n" + keys(kMaxKeysPerTable), ""},
        {"one key over", "[firer]\n" + keys(kMaxKeysPerTable + 1), "too many keys in one table: 257 (at most 256)"},
        {"root table over", keys(kMaxKeysPerTable + 1), "too many keys in one table"},
        {"items at the limit", array_of(kMaxArrayItems), ""},
        {"one item over", array_of(kMaxArrayItems + 1), "too many items in one array: 1001 (at most 1000)"},
        {"values over", many_tables, "too many values: more than 20000"},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const toml::table doc = toml::parse(c.text);
            if (std::string(c.needle).empty()) {
                CHECK_NOTHROW(umpire::check_counts(doc, "t.toml"));
            } else {
                try {
                    umpire::check_counts(doc, "t.toml");
                    FAIL("no error for " << c.name);
                } catch (const umpire::InputError& e) {
                    REQUIRE(e.diagnostics().size() == 1);
                    CHECK(e.diagnostics()[0].message.find(c.needle) != std::string::npos);
                }
            }
        }
    }
}

TEST_CASE("hostile input: many problems are capped at 50 lines and a closing line", "[cli][hostile]") {
    // 200 unknown keys, each within every count limit: the report still stays short.
    std::string text = kGood;
    text.insert(text.find("[target]"), keys(200, "unknown_"));
    const std::string g = temp_file(text);
    const auto r = run_script("\"$CLI\" rule '" + g + "'");
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    const auto l = lines(r.err);
    CHECK(l.size() == umpire::kMaxDiagnostics + 1);
    CHECK(all_located(r.err, g));
    CHECK(l.back().find("too many problems: only the first 50 are shown") != std::string::npos);
}

// ---- nesting --------------------------------------------------------------------------------

TEST_CASE("hostile input: deep nesting is refused before it can exhaust the stack", "[cli][hostile]") {
    // toml++ recurses once per part of a dotted key: a 1 MiB `a.a.a...` key crashed it.
    const auto dotted = [](std::size_t parts) {
        std::string k = "a";
        for (std::size_t i = 1; i < parts; ++i) k += ".a";
        return k;
    };
    struct Case {
        const char* name;
        std::string text;
        const char* where;  // ":LINE:COL:"
        const char* needle;
    };
    const Case cases[] = {
        {"dotted key of 400000 parts", "system = \"spi-tank\"\n" + dotted(400000) + " = 1\n", ":2:64:",
         "a dotted key or table header has too many parts: more than 32"},
        {"table header of 400000 parts", "[" + dotted(400000) + "]\n", ":1:65:", "too many parts"},
        {"array-of-tables header", "[[" + dotted(100000) + "]]\n", ":1:66:", "too many parts"},
        {"dotted key in an inline table", "x = { " + dotted(100000) + " = 1 }\n", ":1:70:", "too many parts"},
        {"arrays nested 100000 deep", "x = " + std::string(100000, '[') + std::string(100000, ']') + "\n", ":1:",
         "arrays or inline tables are nested too deeply"},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const std::string f = temp_file(c.text);
            const auto r = run_script("\"$CLI\" rule '" + f + "'");
            check_refused(r, f, c.needle);
            CHECK(r.err.rfind(f + c.where, 0) == 0);
        }
    }
    SECTION("32 parts, dots in strings, numbers and comments are fine") {
        const std::string text = dotted(32) + " = 1.5\n\"a.b.c.d\".e = \"" + std::string(100, '.') + "\"\n# " +
                                 std::string(100, '.') + "\nt = 1979-05-27T07:32:00.999\nm = \"\"\"\n" + std::string(100, '.') +
                                 "\n\"\"\"\nl = '" + std::string(100, '.') + "'\n";
        CHECK_NOTHROW(umpire::check_key_parts(text, "t.toml"));
        CHECK_NOTHROW(toml::parse(text));
        CHECK_THROWS_AS(umpire::check_key_parts(dotted(33) + " = 1\n", "t.toml"), umpire::InputError);
    }
}

// check_key_parts looks at the text quickly (dots per line, memchr) and runs the byte-by-byte scan
// only when that cannot rule a key of too many parts out: the two must always agree, on the runs
// of dots a multi-line string or an escaped new line carries across lines above all.
TEST_CASE("hostile input: the quick look before the key-parts scan never changes its answer", "[hostile]") {
    const auto answer = [](void (*check)(std::string_view, const std::string&), const std::string& text) -> std::string {
        try {
            check(text, "t.toml");
            return "fine";
        } catch (const umpire::InputError& e) {
            return e.what();
        }
    };
    const std::string dots20(20, '.');
    const struct {
        const char* name;
        std::string text;
        bool refused;
    } cases[] = {
        {"40 dots over two lines", "a" + dots20 + "\n" + dots20 + "b = 1\n", false},
        {"40 dots across a multi-line string", "a" + dots20 + "\"\"\"\n\"\"\"" + dots20 + " = 1\n", true},
        {"40 dots across a multi-line literal string", "a" + dots20 + "'''\n'''" + dots20 + " = 1\n", true},
        {"40 dots across an escaped new line", "a" + dots20 + "\"x\\\n\"" + dots20 + " = 1\n", true},
        {"40 dots in a comment", "# " + dots20 + dots20 + "\nx = 1\n", false},
        {"40 dots in a string", "x = \"" + dots20 + dots20 + "\"\n", false},
        {"32 dots after a string", "x = \"a\"" + std::string(32, '.') + "\n", true},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            CHECK(answer(umpire::check_key_parts, c.text) == answer(umpire::scan_key_parts, c.text));
            CHECK((answer(umpire::scan_key_parts, c.text) != "fine") == c.refused);
        }
    }
    SECTION("random texts of dots, new lines, quotes, backslashes and separators") {
        std::uint32_t seed = 12345;
        const auto next = [&seed] { return seed = seed * 1664525u + 1013904223u; };
        const char others[] = {'a', '\n', '"', '\'', '#', '=', '\\', ' ', '[', ','};
        int refused = 0;
        for (int n = 0; n < 3000; ++n) {
            std::string text;
            const std::size_t length = 20 + next() % 300;
            for (std::size_t i = 0; i < length; ++i)  // mostly dots: long runs happen, and are broken
                text += (next() >> 8) % 10 < 9 ? '.' : others[(next() >> 8) % sizeof others];
            const std::string want = answer(umpire::scan_key_parts, text);
            refused += want != "fine";
            INFO(text);
            REQUIRE(answer(umpire::check_key_parts, text) == want);
        }
        CHECK(refused > 100);  // the texts exercise both answers
        CHECK(refused < 2900);
    }
    // The quick look reads sixteen bytes at a time: each way of carrying dots over a line, and a
    // line of 32 dots, at every offset against those blocks (and in the bytes after the last one).
    SECTION("each pattern at every offset against the sixteen-byte blocks") {
        const std::string patterns[] = {"a" + dots20 + "\"\"\"\n\"\"\"" + dots20 + " = 1\n",
                                        "a" + dots20 + "'''\n'''" + dots20 + " = 1\n",
                                        "a" + dots20 + "\"x\\\n\"" + dots20 + " = 1\n",
                                        "x = 1\n" + std::string(32, '.') + "\n",
                                        "x = 1\n" + std::string(31, '.') + "\n" + dots20 + "\n",
                                        // a run broken by letters only: blocks without a dot in it
                                        "a" + dots20 + std::string(40, 'x') + dots20 + " = 1\n"};
        for (const auto& pattern : patterns)
            for (std::size_t offset = 0; offset < 48; ++offset)
                for (std::size_t after = 0; after < 20; after += 3) {
                    const std::string text = std::string(offset, 'k') + "\n" + pattern + std::string(after, 'z');
                    INFO(text);
                    REQUIRE(answer(umpire::check_key_parts, text) == answer(umpire::scan_key_parts, text));
                }
    }
    SECTION("random texts with few dots: the quick look must not miss a run") {
        std::uint32_t seed = 777;
        const auto next = [&seed] { return seed = seed * 1664525u + 1013904223u; };
        const char others[] = {'a', 'a', 'a', 'a', '\n', '"', '\'', '#', '=', '\\', ' ', '[', ','};
        int refused = 0;
        for (int n = 0; n < 3000; ++n) {
            std::string text;
            const std::size_t length = 20 + next() % 400;
            const unsigned dot_share = 3 + next() % 6;  // in ten
            for (std::size_t i = 0; i < length; ++i)
                text += (next() >> 8) % 10 < dot_share ? '.' : others[(next() >> 8) % sizeof others];
            const std::string want = answer(umpire::scan_key_parts, text);
            refused += want != "fine";
            INFO(text);
            REQUIRE(answer(umpire::check_key_parts, text) == want);
        }
        CHECK(refused > 100);
        CHECK(refused < 2900);
    }
}
