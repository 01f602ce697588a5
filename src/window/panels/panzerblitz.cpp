// The PanzerBlitz panel: elevations, range and the obstacle symbols on the line (colour swatches,
// hexside/hex index, on a hilltop); on the ruling side a side view — the sight line from the
// firer's height to the target's over the symbols' heights, blocking symbols in red, symbols no
// note decides in amber — as a referee would sketch it on paper; under it each symbol's place
// (hexsides from either unit, fraction of the way, the by-range measure of notes E/F).
// Elevations and symbols in the article's words; a new situation has no symbol. With a board
// (docs/panzerblitz.md "Boards") the panel holds it: the board view above the units, firer and
// target placed by clicks, the elevations, range and symbols read from the map (hidden here).
//
// Sections
//   1. panel state, load/save
//   2. inputs
//   3. ruling: side view, positions, generic ruling
//   4. registration
#include <algorithm>
#include <map>
#include <array>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "window/board/host.hpp"
#include "window/panels/board_panel.hpp"
#include "window/panels/util.hpp"
#include "window/ui/widgets.hpp"
#include "games/panzerblitz/view.hpp"

namespace umpire::app {
namespace {

using view::PbChoices;
using view::PbRulingView;

ImU32 swatch(const std::string& symbol) {
    if (symbol == "green" || symbol == "woods-hex") return IM_COL32(60, 150, 60, 255);
    if (symbol == "grey" || symbol == "town-hex") return IM_COL32(150, 150, 150, 255);
    if (symbol == "brown") return IM_COL32(130, 85, 45, 255);
    if (symbol == "orange") return IM_COL32(230, 110, 40, 255);
    if (symbol == "yellow") return IM_COL32(230, 210, 60, 255);
    return IM_COL32(150, 80, 190, 255);  // purple
}

// =====================================================================================
// 1. panel state, load/save
// =====================================================================================

struct Obstacle {
    std::string symbol;
    int index = 1;  // side k, or hex j for a single-hex symbol
    bool on_hilltop = false;
    // The elevation a woods or town stands on (which hilltop, or a slope: docs/panzerblitz.md
    // "Readings"), kept as the file gives it; the "on hilltop" box or a new symbol clears it.
    std::optional<std::string> stands_on;
};

// A new situation assumes nothing: both units on the ground, no symbol on the line.
struct Inputs {
    std::string firer = "ground", target = "ground";
    int range = 4;
    std::vector<Obstacle> obstacles;
    // A board file (docs/boards.md) and the units' hexes on it: the map then says the elevations,
    // the range and the symbols met (PB-LOS), so those are not written.
    std::optional<std::string> board, firer_hex, target_hex;
};

Form<Inputs> form(const PbChoices& c) {
    Form<Obstacle> obstacle;
    obstacle.field("symbol", &Obstacle::symbol)
        .custom([](const toml::table& t, Obstacle& o) {  // "side" or "hex", whichever the file has
                    for (const char* k : {"side", "hex"})
                        if (const toml::node* n = t.get(k); n && n->is_integer()) o.index = int(n->as_integer()->get());
                },
                [c](const Obstacle& o, toml::table& t) {
                    const auto* sym = c.symbol(o.symbol);
                    t.insert_or_assign(sym && sym->hex ? "hex" : "side", o.index);
                })
        .field("on_hilltop", &Obstacle::on_hilltop, [](const Obstacle& o) { return o.on_hilltop; })
        .field("stands_on", &Obstacle::stands_on);
    const auto no_board = [](const Inputs& s) { return !s.board; };
    const auto on_board = [](const Inputs& s) { return s.board.has_value(); };
    Form<Inputs> f;
    f.field("board", &Inputs::board)
        .both("hex", &Inputs::firer_hex, &Inputs::target_hex, on_board)
        .both("elevation", &Inputs::firer, &Inputs::target, no_board)
        .field("line.range", &Inputs::range, no_board)
        .list("line.obstacles", &Inputs::obstacles, obstacle, no_board);
    return f;
}

class PanzerBlitzPanel final : public BoardFormPanel<Inputs> {
public:
    explicit PanzerBlitzPanel(const Engine& e)
        : BoardFormPanel(e, "panzerblitz", form(std::any_cast<const PbChoices&>(e.find("panzerblitz")->choices())),
                         {"system", "title", "notes", "board", "firer", "target", "line", "hex", "elevation", "range", "obstacles", "symbol",
                          "side", "on_hilltop", "stands_on"},
                         &Inputs::board) {}
    bool draw_inputs(PanelContext& ctx) override;
    std::optional<view::Placement> held_placement() const override { return host_.placement(s_.board, {s_.firer_hex, s_.target_hex, std::nullopt}); }
    bool has_map() const override { return s_.board.has_value() && support(); }
    bool draw_map(PanelContext& ctx) override;
    std::string waiting_for() const override { return host_.waiting_for(s_.board, s_.firer_hex, s_.target_hex, BoardView::Roles{}); }

protected:
    Inputs defaults() const override { return Inputs{}; }
    void draw_view(PanelContext& ctx, const Ruling& r) override;

public:
    bool add_obstacle() override {
        s_.obstacles.push_back(new_symbol());
        return true;
    }
    // The symbol "+ Add symbol" adds: on the first hexside, the first symbol (in the article's
    // order) the engine rules as leaving the line as it was, so adding one blocks nothing by
    // itself; the first symbol when every one would change the line.
    Obstacle new_symbol() const {
        const auto los_of = [&](const Inputs& q) -> std::string {
            toml::table raw = table_of(q);
            Sink sink("(panel)");
            try {
                const Ruling r = sys_.rule(Section(sink, &raw, ""));
                for (const auto& [k, v] : r.fields)
                    if (k == "los" && v.is_string()) return v.as_string() + (r.referee_call ? "?" : "");
            } catch (const InputError&) {
            }
            return "";
        };
        const std::string before = los_of(s_);
        const PbChoices& c = choices<PbChoices>();
        for (const auto& sym : c.symbols) {
            Inputs q = s_;
            q.obstacles.push_back({sym.name, 1, false, std::nullopt});
            if (sym.hex && s_.range < 2) continue;  // a single hex needs a hex between the units
            if (los_of(q) == before) return q.obstacles.back();
        }
        return {c.symbols.front().name, 1, false, std::nullopt};
    }

private:
    // The board (draw_board): loaded from `board`, drawn by host_, units placed by clicks.
    bool draw_board(PanelContext& ctx);
    bool draw_hexes(PanelContext& ctx);
    bool draw_hand_inputs(PanelContext& ctx);
    // The units' hex keys, which the board view's clicks write (BoardHost::Keys; held_placement's order).
    BoardHost::Keys keys() { return {&s_.firer_hex, &s_.target_hex, nullptr, {}}; }

    std::string elevation_words(const std::string& name) const {
        for (const auto& e : choices<PbChoices>().elevations)
            if (e.name == name) return e.words;
        return name;
    }
    std::string symbol_words(const std::string& name) const {
        const auto* x = choices<PbChoices>().symbol(name);
        return x ? x->words : name;
    }
    bool is_hex(const std::string& sym) const {
        const auto* x = choices<PbChoices>().symbol(sym);
        return x && x->hex;
    }
    bool may_be_on_hilltop(const std::string& sym) const {
        const auto* x = choices<PbChoices>().symbol(sym);
        return x && x->may_be_on_hilltop;
    }
};

// =====================================================================================
// 2. inputs
// =====================================================================================

// Which Special Notes judge a unit at each elevation and a symbol of each colour: one-line
// summaries checked against the article's notes A-R, Gullies A-D and Hill and Slope Defense
// Exceptions A-C (PB-HSD-A..C); the tooltip of each option. A name not listed gets no tip
// (the window tests report it).
const util::WordTip kElevationTips[] = {
    {"ground", "Ground level: with both units at ground every symbol blocks (O); against a raised unit, woods and towns "
               "block only when on a side of the ground unit's hex (A/B), brown against a level 1 hilltop by C/D, "
               "brown, orange and yellow against a level 2 hilltop by E/F"},
    {"gully", "In a gully: no fire to or from ground level or another gully unless adjacent (GULLY-A); against a slope "
              "or hilltop it counts as ground level (GULLY-B). A ford or a road crossing is clear ground (GULLY-C); "
              "a gully's end hex is gully (GULLY-D)"},
    {"l1-slope", "On a level 1 slope: woods and towns against ground by A/B; yellow against a level 2 hilltop by G/H; "
                 "orange never blocks against level 2 (I/J); fire at it is halved unless adjacent with no brown or "
                 "yellow between (PB-HSD-B)"},
    {"l1-hilltop", "On a level 1 hilltop: against ground, woods and towns by A/B and brown by C/D; yellow against a level "
                   "2 hilltop by G/H; orange never blocks against level 2 (I/J) and may be crossed to another level 1 "
                   "hilltop (L); against level 2, woods and towns on a hilltop go by A/B with this unit as if at ground "
                   "(N); fire at it is halved unless from a hilltop as high or higher or a level 2 slope (PB-HSD-A)"},
    {"l2-slope", "On a level 2 slope: woods and towns against ground by A/B; orange never blocks against level 1 (I/J); "
                 "fire at it is halved unless adjacent with no brown or yellow between (PB-HSD-B)"},
    {"l2-hilltop", "On a level 2 hilltop: against ground, woods and towns by A/B and brown, orange and yellow by E/F; "
                   "yellow against level 1 by G/H; orange never blocks against level 1 (I/J); orange and purple may be "
                   "crossed to another level 2 hilltop (L); fire at it is halved unless from a level 2 hilltop (PB-HSD-A)"},
};
const util::NameTip elevation_tip = util::tips_of(kElevationTips);
const util::WordTip kSymbolTips[] = {
    {"green", "A green (woods) hexside: blocks when both units are at ground (O); between a raised unit and a ground one, "
              "only when it is a side of the ground unit's hex (A/B); woods on a hilltop block all fire (N)"},
    {"grey", "A grey (town) hexside: blocks when both units are at ground (O); between a raised unit and a ground one, "
             "only when it is a side of the ground unit's hex (A/B); a town on a hilltop blocks all fire (N)"},
    {"woods-hex", "A single-hex woods, placed by hex number: as a green hexside, but for A/B the ground unit must be in "
                  "the next hex beyond it (O, A/B, N)"},
    {"town-hex", "A single-hex town, placed by hex number: as a grey hexside, but for A/B the ground unit must be in "
                 "the next hex beyond it (O, A/B, N)"},
    {"brown", "A brown (level 1 slope) hexside: between a level 1 hilltop and ground it blocks when nearer the ground "
              "unit or midway (C/D); between a level 2 hilltop and ground, when within a third of the way from the "
              "ground unit (E/F); both at ground it blocks (O)"},
    {"orange", "An orange/red (level 1 hilltop) hexside: level 2 hilltop and ground by E/F; never blocks between level 2 "
               "and level 1 (I/J); more than one orange or purple on the line blocks, save between hilltops of one "
               "level and in cases G-J (L); both at ground it blocks (O)"},
    {"yellow", "A yellow (level 2 slope) hexside: level 2 hilltop and ground by E/F; between a level 2 hilltop and level "
               "1 it blocks when nearer the level 1 unit or midway (G/H); both at ground it blocks (O)"},
    {"purple", "A purple (level 2 hilltop) hexside: more than one orange or purple on the line blocks, save between "
               "hilltops of one level and in cases G-J (L); both at ground it blocks (O); no other note names it, so Umpire's straight sight line decides, a "
               "referee's call (PB-LOS)"},
};
const util::NameTip symbol_tip = util::tips_of(kSymbolTips);

bool PanzerBlitzPanel::draw_inputs(PanelContext& ctx) {
    bool changed = draw_board(ctx);
    if (s_.board) return draw_hexes(ctx) || changed;
    return draw_hand_inputs(ctx) || changed;
}

// The board section: Open board… and New board… without a board; with one, its title, file and
// folder (the board itself fills the map: draw_map, where clicks place the firer and the target).
bool PanzerBlitzPanel::draw_board(PanelContext& ctx) { return draw_board_inputs(ctx, "none: the line is described by hand below"); }

bool PanzerBlitzPanel::draw_map(PanelContext& ctx) { return draw_board_map(ctx, "", keys()); }

// With a board: the units' hexes (typed or clicked); the rest is the map's.
bool PanzerBlitzPanel::draw_hexes(PanelContext& ctx) {
    bool changed = false;
    const float col = 150 * ctx.scale;
    ui::section("Units");
    for (auto [label, value] : {std::pair<const char*, std::optional<std::string>*>{"Firer's hex", &s_.firer_hex}, {"Target's hex", &s_.target_hex}}) {
        util::label(label, col);
        ImGui::PushID(label);
        std::string text = value->value_or("");
        ImGui::SetNextItemWidth(90 * ctx.scale);
        if (ImGui::InputTextWithHint("##hex", "CCRR", &text)) {
            if (text.empty()) value->reset();
            else *value = text;
            changed = true;
        }
        ui::tip("The hex number on the board (CCRR); or click the map");
        ImGui::PopID();
    }
    ui::wrapped(ui::dim_text(), "Elevations, range and the symbols the line meets: read from the board along the deciding route "
                                "(PB-LOS); the ruling names each with its hex.");
    ui::probe("board_decides");
    return changed;
}

// Without a board: the elevations, the range and each symbol met, typed by hand.
bool PanzerBlitzPanel::draw_hand_inputs(PanelContext& ctx) {
    bool changed = false;
    const float col = 150 * ctx.scale;
    const PbChoices& c = choices<PbChoices>();
    ui::section("Units");
    for (auto [label, value] : {std::pair<const char*, std::string*>{"Firer", &s_.firer}, {"Target", &s_.target}}) {
        util::label(label, col);
        ImGui::PushID(label);
        util::fit_width(200 * ctx.scale);
        std::vector<std::string> names;
        for (const auto& e : c.elevations) names.push_back(e.name);
        const std::string preview = elevation_words(*value);
        changed |= util::combo("##elev", value, names, [&c](const std::string& n) {
            for (const auto& e : c.elevations)
                if (e.name == n) return e.words + "  (" + std::to_string(e.metres) + " m)";
            return n;
        }, elevation_tip, &preview);
        ui::tip(preview + ": " + elevation_tip(*value) + ". The elevation decides which Special Note judges each symbol "
                "(heights from rules-data); open the list for the others.");
        ImGui::PopID();
    }
    ui::section("Line of sight");
    util::label("Range (hexes)", col);
    if (util::int_field("##range", &s_.range, 1, c.max_range, 140 * ctx.scale)) {
        changed = true;
        for (auto& o : s_.obstacles) o.index = std::clamp(o.index, 1, std::max(1, is_hex(o.symbol) ? s_.range - 1 : s_.range));
    }
    ui::tip("Range in hexes; at range 1 the line is always clear (note M, PB-M)");
    ImGui::PushStyleColor(ImGuiCol_Text, ui::dim_text());
    ImGui::TextWrapped("Symbols: side k = the k-th hexside crossed from the firer (1..%d); hex j = the j-th hex after the firer.", s_.range);
    ImGui::PopStyleColor();
    int remove = -1;
    for (std::size_t i = 0; i < s_.obstacles.size(); ++i) {
        Obstacle& o = s_.obstacles[i];
        ImGui::PushID(int(i));
        const ImVec2 p = ImGui::GetCursorScreenPos();
        const float h = ImGui::GetFrameHeight();
        const ImGuiStyle& st = ImGui::GetStyle();
        ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + h, p.y + h), swatch(o.symbol), 3.0f);
        ImGui::Dummy(ImVec2(h, h));
        ImGui::SameLine();
        util::fit_width(170 * ctx.scale);
        std::vector<std::string> symbols;
        for (const auto& sym : c.symbols) symbols.push_back(sym.name);
        if (util::combo("##sym", &o.symbol, symbols, [this](const std::string& n) { return symbol_words(n); }, symbol_tip)) {
            if (!may_be_on_hilltop(o.symbol)) o.on_hilltop = false;
            o.stands_on.reset();
            o.index = std::clamp(o.index, 1, std::max(1, is_hex(o.symbol) ? s_.range - 1 : s_.range));
            changed = true;
        }
        ui::tip("The obstacle symbol " + symbol_words(o.symbol) + ": " + symbol_tip(o.symbol) + ". Open the list for the others.");
        // The hexside/hex number beside the symbol, or under it when the panel is too narrow for
        // a field with room for two digits and its label ("side"/"hex").
        const char* index_label = is_hex(o.symbol) ? "hex" : "side";
        const float index_w = 4 * ImGui::GetFrameHeight() + ImGui::CalcTextSize(index_label).x + 2 * st.ItemInnerSpacing.x;
        util::same_line_or_wrap(index_w, h + st.ItemSpacing.x);
        changed |= util::int_field(index_label, &o.index, 1, std::max(1, is_hex(o.symbol) ? s_.range - 1 : s_.range), 110 * ctx.scale);
        ui::tip(is_hex(o.symbol) ? "The j-th hex after the firer's (1..range-1); its distance along the line is in rules-data [distance] (PB-LOS)"
                                 : "The k-th hexside the line crosses, from the firer's (1) to the target's (range); "
                                   "its distance along the line is in rules-data [distance] (PB-LOS)");
        if (may_be_on_hilltop(o.symbol)) {
            util::same_line_or_wrap(h + st.ItemInnerSpacing.x + ImGui::CalcTextSize("on hilltop").x, h + st.ItemSpacing.x);
            if (util::checkbox("on hilltop", &o.on_hilltop,
                               "Note N: woods and towns on a hilltop block all fire, except between a level 2 unit and a level 1 hilltop, "
                               "where A/B apply with the level 1 unit as if at ground")) {
                o.stands_on.reset();  // the box says hilltop or not; the file's stands_on no longer holds
                changed = true;
            }
        }
        util::same_line_or_wrap(ImGui::CalcTextSize("remove").x + 2 * st.FramePadding.x, h + st.ItemSpacing.x);
        if (ImGui::SmallButton("remove")) remove = int(i);
        ImGui::PopID();
    }
    changed |= util::remove_then_add(&s_.obstacles, remove, "+ Add symbol",
                                     "A new symbol is the first one that leaves the line as it was (the engine is asked); then say what it is",
                                     [this] { return add_obstacle(); });
    return changed;
}

// =====================================================================================
// 3. ruling: the side view from the ruling's view
// =====================================================================================

void draw_side_view(PanelContext& ctx, const PbRulingView& v) {
    const float w = ImGui::GetContentRegionAvail().x, h = 170 * ctx.scale;
    const ImVec2 o = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    int lo = std::min({0, v.firer_height, v.target_height}), hi = std::max({v.firer_height, v.target_height, 60});
    for (const auto& x : v.symbols) hi = std::max(hi, x.height);
    hi += 20;
    const float left = o.x + 50 * ctx.scale, right = o.x + w - 30 * ctx.scale;
    auto X = [&](double f) { return float(left + (right - left) * f); };
    auto Y = [&](double m) { return float(o.y + h - 20 * ctx.scale - (h - 40 * ctx.scale) * (m - lo) / double(hi - lo)); };
    dl->AddRectFilled(o, ImVec2(o.x + w, o.y + h), IM_COL32(28, 32, 38, 255), 4.0f);
    dl->AddLine(ImVec2(left, Y(0)), ImVec2(right, Y(0)), IM_COL32(110, 90, 60, 255), 2.0f);
    for (int m : {0, 100, 200})
        if (m <= hi) dl->AddText(ImVec2(o.x + 6, Y(m) - 8 * ctx.scale), IM_COL32(140, 140, 140, 255), (std::to_string(m) + " m").c_str());
    for (const auto& x : v.symbols) {
        const float cx = X(double(x.num) / x.den);
        const ImU32 col = !x.decided ? ImGui::GetColorU32(ui::referee_call()) : x.blocks ? ImGui::GetColorU32(ui::bad()) : swatch(x.symbol);  // open: referee's call
        dl->AddRectFilled(ImVec2(cx - 6 * ctx.scale, Y(x.height)), ImVec2(cx + 6 * ctx.scale, Y(0)), col);
        // Marked, not only coloured: ▲ an open case (referee's call), ✖ a blocking symbol.
        const std::string mark = !x.decided ? std::string(ui::kOpenMark) + " " : x.blocks ? "\xe2\x9c\x96 " : "";
        dl->AddText(ImVec2(cx - 10 * ctx.scale, Y(x.height) - 16 * ctx.scale), col, (mark + std::to_string(x.num) + "/" + std::to_string(x.den)).c_str());
    }
    const ImVec2 a(X(0), Y(v.firer_height)), b(X(1), Y(v.target_height));
    dl->AddLine(a, b, IM_COL32(240, 240, 240, 255), 2.0f * ctx.scale);
    dl->AddCircleFilled(a, 6 * ctx.scale, IM_COL32(90, 160, 230, 255));
    dl->AddCircleFilled(b, 6 * ctx.scale, IM_COL32(230, 90, 90, 255));
    dl->AddText(ImVec2(a.x - 20 * ctx.scale, a.y - 22 * ctx.scale), IM_COL32(90, 160, 230, 255), "firer");
    dl->AddText(ImVec2(b.x - 30 * ctx.scale, b.y - 22 * ctx.scale), IM_COL32(230, 90, 90, 255), "target");
    ImGui::Dummy(ImVec2(w, h));
    ui::tip("Heights from rules-data/panzerblitz.toml; a symbol sits k/(range+1) of the way from the firer. "
            "Red: a note says it blocks; amber: no note decides it (the straight line is shown).");
}

// Where each symbol lies (JSON `positions`): the hexsides counted from each unit (note C) and the
// fraction of the way; and the line by the range measure where notes E/F use it.
void draw_positions(const PbRulingView& v, const std::function<std::string(const std::string&)>& words) {
    if (v.positions.empty()) return;
    // The cells' texts first: the columns are sized to them, and the table scrolls sideways when
    // the panel is narrower than their sum (as the combat results tables do), so no cell is cut.
    const char* heads[5] = {"Symbol", "Place", "Hexsides from firer / target", "Fraction of the way", "By range"};
    std::vector<std::array<std::string, 5>> rows;
    for (const auto& p : v.positions)
        rows.push_back({words(p.symbol), std::string(p.hex ? "hex " : "side ") + std::to_string(p.index),
                        p.hex ? "a hex" : std::to_string(p.from_firer) + " / " + std::to_string(p.from_target), p.fraction,
                        p.by_range.empty() ? "\xe2\x80\x94" : p.by_range});
    const ImGuiStyle& st = ImGui::GetStyle();
    float need[5], total = 0;
    for (int c = 0; c < 5; ++c) {
        need[c] = ImGui::CalcTextSize(heads[c]).x;
        for (const auto& r : rows) need[c] = std::max(need[c], ImGui::CalcTextSize(r[std::size_t(c)].c_str()).x);
        total += need[c] + st.CellPadding.x * 2.0f + 1.0f;  // the padding and the border between columns
    }
    ImGuiTableFlags tf = ImGuiTableFlags_Borders;
    ImVec2 outer(0, 0);
    const bool scroll = ui::fit_or_scroll_table(total, rows.size(), &tf, &outer);
    if (ImGui::BeginTable("##positions", 5, tf, outer)) {
        if (scroll) ImGui::TableSetupScrollFreeze(1, 0);  // the symbol stays in view while it scrolls
        for (int c = 0; c < 5; ++c)
            ImGui::TableSetupColumn(heads[c], scroll ? ImGuiTableColumnFlags_WidthFixed : ImGuiTableColumnFlags_WidthStretch, need[c]);
        ImGui::TableHeadersRow();
        for (std::size_t i = 0; i < rows.size(); ++i) {
            ImGui::TableNextRow();
            for (int c = 0; c < 5; ++c) {
                ImGui::TableSetColumnIndex(c);
                const bool dim = (c == 2 && v.positions[i].hex) || (c == 4 && v.positions[i].by_range.empty());
                if (dim) ImGui::TextDisabled("%s", rows[i][std::size_t(c)].c_str());
                else ImGui::TextUnformatted(rows[i][std::size_t(c)].c_str());
            }
        }
        ImGui::EndTable();
    }
    ui::tip("Note C: hexsides are counted from each unit, both ends included; the fraction is rules-data's measure "
            "[distance]. \"By range\" is the other measure of notes E and F (k/range).");
    ui::probe("positions");
    if (!v.los_by_range.empty()) {
        const bool differs = v.los_by_range != v.los;
        const std::string text = "Measured by range (notes E, F): line " + v.los_by_range +
                                 (differs ? " \xe2\x80\x94 the two measures disagree: referee's call" : ", as ruled");
        ImGui::PushStyleColor(ImGuiCol_Text, differs ? ui::referee_call() : ui::dim_text());
        ImGui::TextWrapped("%s", text.c_str());
        ImGui::PopStyleColor();
        ui::probe("los_by_range");
    }
}

void PanzerBlitzPanel::draw_view(PanelContext& ctx, const Ruling& r) {
    const PbRulingView* v = r.view_as<PbRulingView>();
    if (!v) return;
    ui::section("Side view");
    draw_side_view(ctx, *v);
    draw_positions(*v, [this](const std::string& n) { return symbol_words(n); });
}

// =====================================================================================
// 4. registration
// =====================================================================================

UMPIRE_REGISTER_PANEL("panzerblitz", [](const Engine& e) { return make_panel<PanzerBlitzPanel>(e, "panzerblitz"); });

}  // namespace
}  // namespace umpire::app
