// The one bounded reader for every input file: situations, rules-data files and
// (later) board files. Input comes from other people, so reading it must never
// hang, never grow without bound and never fail without saying which file and why.
//
// - Only regular files are read by name. Folders, FIFOs, devices and sockets are
//   refused, checked with fstat after a non-blocking open, so a FIFO never blocks.
// - Standard input ("-") may be anything (a pipe, a terminal, a file) but is read
//   with the same size limit: reading stops at limit+1 bytes, so an endless stream
//   is refused instead of buffered.
// - Text must be UTF-8 without NUL bytes (check_text); a binary file is refused,
//   located at its first bad byte.
// Every refusal is an InputError: `FILE:LINE:COL: message` (exit 2 in the CLI).
//
// Sections
//   limits        the documented size limits (README.md "Limits")
//   reading       read_input_file, read_standard_input, set_read_observer (tests)
//   text checks   check_text (UTF-8 read with utf8_sequence, core/diag.hpp)
#pragma once
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace umpire {

// ---- limits -------------------------------------------------------------------
// A situation is a few hundred bytes and the largest shipped rules-data file about
// 21 KB, so 1 MiB leaves house rules fifty times the room and still bounds memory.
constexpr std::size_t kMaxTomlBytes = std::size_t(1) << 20;   // situations and rules-data files
// A board file (hex map: terrain per hex, hexsides, elevations) for the board loader
// to come: a 100 x 100 hex map with a few features per hex fits in well under 8 MiB.
constexpr std::size_t kMaxBoardBytes = std::size_t(8) << 20;

// "1 MiB", "8 MiB", "512 bytes": a limit as the messages and docs write it.
std::string describe_size(std::size_t bytes);

// ---- reading ------------------------------------------------------------------
// The whole content of the regular file `path`, at most `limit` bytes. Throws
// InputError located at `display_name`:1:1 when the file cannot be opened or read
// (with the OS reason), is not a regular file, or is larger than `limit`.
std::string read_input_file(const std::filesystem::path& path, const std::string& display_name,
                            std::size_t limit = kMaxTomlBytes);

// All of standard input, at most `limit` bytes (same errors, named `display_name`).
std::string read_standard_input(const std::string& display_name, std::size_t limit = kMaxTomlBytes);

// For tests: called with the path of every file read_input_file opens, so a test can count the
// reads of one file (tests/test_board_open.cpp: `los` reads its board file once). nullptr (the
// default): none. Set it only while no other thread reads files.
using ReadObserver = void (*)(const std::filesystem::path& path);
void set_read_observer(ReadObserver observer);

// ---- text checks ----------------------------------------------------------------
// Throws InputError at the first NUL byte or invalid UTF-8 sequence, located by line
// and column (columns count characters), or when `text` is larger than `limit`.
void check_text(std::string_view text, const std::string& display_name, std::size_t limit = kMaxTomlBytes);

}  // namespace umpire
