#include "core/ruling.hpp"

#include <algorithm>

namespace umpire {

std::string Step::line() const { return rule.empty() ? text : rule + ": " + text; }

void Ruling::call(std::string rule, std::string reason) {
    referee_call = true;
    step(rule, "Referee's call: " + reason);
    referee_reasons.push_back(std::move(reason));
}

void Ruling::set(std::string key, json::Value v) {
    for (auto& [k, val] : fields)
        if (k == key) { val = std::move(v); return; }
    fields.emplace_back(std::move(key), std::move(v));
}

std::vector<std::string> Ruling::citations() const {
    std::vector<std::string> out;
    auto add = [&](const std::string& r) {
        if (!r.empty() && std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
    };
    for (const auto& s : explanation) add(s.rule);
    for (const auto& r : extra_citations) add(r);
    return out;
}

json::Value Ruling::to_json() const {
    json::Object o;
    o.reserve(fields.size() + 6);
    o.emplace_back("system", system);
    for (const auto& kv : fields) o.push_back(kv);
    json::Array cites;
    for (auto& c : citations()) cites.emplace_back(std::move(c));
    o.emplace_back("citations", std::move(cites));
    json::Array expl;
    expl.reserve(explanation.size());
    for (const auto& s : explanation) expl.emplace_back(s.line());
    o.emplace_back("explanation", std::move(expl));
    o.emplace_back("referee_call", referee_call);
    o.emplace_back("verdict", verdict);
    if (!detail.empty()) o.emplace_back("verdict_detail", detail);
    return json::Value(std::move(o));
}

std::string Ruling::to_text() const {
    std::string out = verdict + "\n";
    if (!detail.empty()) out += detail + "\n";
    if (referee_call) {
        out += "REFEREE'S CALL: the rules as written do not settle this; the ruling is Umpire's documented reading.\n";
        for (const auto& r : referee_reasons) out += "  - " + r + "\n";
    }
    if (!figures.empty()) {
        out += "\n";
        std::size_t w = 0;
        for (const auto& f : figures) w = std::max(w, f.label.size());
        for (const auto& f : figures) {
            out += "  " + f.label + std::string(w - f.label.size(), ' ') + "  " + f.value;
            if (!f.breakdown.empty()) out += "   (" + f.breakdown + ")";
            if (!f.rule.empty()) out += "   [" + f.rule + "]";
            out += "\n";
        }
    }
    out += "\nWhy:\n";
    int n = 1;
    for (const auto& s : explanation) out += "  " + std::to_string(n++) + ". " + s.line() + "\n";
    out += "\nCitations: ";
    bool first = true;
    for (const auto& c : citations()) {
        if (!first) out += ", ";
        first = false;
        out += c;
    }
    out += "\n";
    return out;
}

}  // namespace umpire
