// Sentences built in one piece. A ruling explains itself in a few dozen sentences of text and
// numbers; a chain of `+` grows and copies the string at every piece (and makes a string of every
// number first), which was most of a ruling's time. cat() measures the pieces, reserves once and
// appends: cat({"Range ", range, " is beyond table ", id, "."}) is the same text as
// "Range " + std::to_string(range) + " is beyond table " + id + ".".
#pragma once
#include <charconv>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>

namespace umpire {

// One piece of a sentence: text (kept by reference: a piece lives only as long as the cat() call
// it is written in) or an integer, written in decimal as std::to_string writes it.
class Piece {
public:
    Piece(const char* s) : text_(s) {}
    Piece(std::string_view s) : text_(s) {}
    Piece(const std::string& s) : text_(s) {}
    template <class I, std::enable_if_t<std::is_integral_v<I> && !std::is_same_v<I, bool> && !std::is_same_v<I, char>, int> = 0>
    Piece(I n) : number_(true) {
        digits_size_ = static_cast<unsigned char>(std::to_chars(digits_, digits_ + sizeof digits_, n).ptr - digits_);
    }
    Piece(bool) = delete;  // say what a flag means in words, never "1"

    // Computed on each call (not stored), so a copied Piece never points into another's digits.
    std::string_view text() const { return number_ ? std::string_view(digits_, digits_size_) : text_; }

private:
    std::string_view text_;
    char digits_[24];  // written by the integer constructor only
    unsigned char digits_size_ = 0;
    bool number_ = false;
};

std::string cat(std::initializer_list<Piece> pieces);
// Appends the pieces to `out` (reserving their length once).
void append(std::string& out, std::initializer_list<Piece> pieces);

// Appends `s` in double quotes with the escapes JSON and TOML basic strings share: \" \\ \n \r \t,
// and any other control character as \u00XX. `escape_delete`: DEL (0x7f) as \u007f too, which a
// TOML basic string needs and JSON does not. Runs of plain characters are copied whole.
void append_quoted(std::string& out, std::string_view s, bool escape_delete);

// `v` written with a printf `format` for one double ("%.2f", "%.1f", "%g"), for reports.
std::string formatted(double v, const char* format = "%.2f");

}  // namespace umpire
