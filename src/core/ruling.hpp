// A ruling is data: the verdict, the numbers, the citations, the step-by-step
// explanation and whether it is a referee's call. The window, the CLI's text
// and the CLI's JSON all render this one structure.
//
// Besides the text, a ruling carries its system's typed view (src/games/<system>/view.hpp): the
// plain numbers a window draws (a side view, a lit table row, a path). The window reads only
// that view and never calls back into the game module. A ruling on a board also carries what it
// traced there (board_marks: the lines, the hexes and hexsides met and how each counts), which the
// board view draws as it is.
#pragma once
#include <any>
#include <memory>
#include <string>
#include <vector>

#include "core/json.hpp"

// The board layer's marks (board/marks.hpp), named here only: core sits below the board layer.
namespace umpire::view {
struct BoardMarks;
}

namespace umpire {

enum class Tone { good, bad, caution, neutral };

// One explanation sentence; `rule` is the citation it rests on ("8.31", "PB-E").
struct Step {
    std::string rule;
    std::string text;
    std::string line() const;  // "8.31: text"
};

// A number or value shown to the referee, with the rule that produced it and,
// where useful, how it was built up ("side 8 + woods 2"). `id` is a stable name set where the
// figure is created ("attack", "defense"): views select figures by it, never by the label a person
// reads, so a label may be reworded without a view losing its figure.
struct Figure {
    std::string label;
    std::string value;
    std::string rule;
    std::string breakdown;
    std::string id;
};

struct Ruling {
    std::string system;
    std::string verdict;  // headline, e.g. "FIRE PERMITTED — kills on 1-3"
    Tone tone = Tone::neutral;
    std::string detail;   // one line under the headline, e.g. why fire is not permitted
    json::Object fields;  // the system's contract keys (docs/situations.md), in order
    std::vector<Figure> figures;
    std::vector<Step> explanation;
    std::vector<std::string> extra_citations;  // cited without an explanation step of their own
    bool referee_call = false;
    std::vector<std::string> referee_reasons;  // what the rules leave open, one sentence each
    std::any view;  // the system's typed view (view_<system>.hpp); empty when the system has none
    // On a board: what the ruling traced (board/marks.hpp), built from the trace it ruled by; the
    // window's board view draws exactly this. nullptr: not ruled on a board, or no line traced.
    std::shared_ptr<const view::BoardMarks> board_marks;

    // The typed view, or nullptr when the ruling carries none of that type (a checked cast).
    template <class V> const V* view_as() const { return std::any_cast<V>(&view); }

    void step(std::string rule, std::string text) { explanation.push_back({std::move(rule), std::move(text)}); }
    void cite(std::string rule) { extra_citations.push_back(std::move(rule)); }
    void call(std::string rule, std::string reason);  // marks a referee's call with its reason
    void set(std::string key, json::Value v);         // sets or replaces a contract key

    std::vector<std::string> citations() const;  // unique, in order of first use
    json::Value to_json() const;                 // system, fields..., citations, explanation, referee_call
    std::string to_text() const;                 // for a person: verdict, numbers, reasons
};

}  // namespace umpire
