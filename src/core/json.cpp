#include "core/json.hpp"

#include <cmath>
#include <cstdio>

namespace umpire::json {

double Value::as_double() const {
    if (auto p = std::get_if<std::int64_t>(&v_)) return static_cast<double>(*p);
    if (auto p = std::get_if<Fixed>(&v_)) return p->value;
    return std::get<double>(v_);
}

const Value* Value::find(const std::string& key) const {
    if (!is_object()) return nullptr;
    for (const auto& [k, v] : as_object())
        if (k == key) return &v;
    return nullptr;
}

std::string quote(const std::string& s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", c);
                    out += buf;
                } else {
                    out += static_cast<char>(c);
                }
        }
    }
    return out + "\"";
}

static std::string number(double d) {
    if (!std::isfinite(d)) return "null";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.10g", d);
    return buf;
}

std::string Value::dump() const {
    if (is_null()) return "null";
    if (is_bool()) return as_bool() ? "true" : "false";
    if (is_int()) return std::to_string(as_int());
    if (auto p = std::get_if<Fixed>(&v_)) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.*f", p->decimals, p->value);
        return buf;
    }
    if (auto p = std::get_if<double>(&v_)) return number(*p);
    if (is_string()) return quote(as_string());
    std::string out;
    if (is_array()) {
        out = "[";
        bool first = true;
        for (const auto& v : as_array()) {
            if (!first) out += ",";
            first = false;
            out += v.dump();
        }
        return out + "]";
    }
    out = "{";
    bool first = true;
    for (const auto& [k, v] : as_object()) {
        if (!first) out += ",";
        first = false;
        out += quote(k) + ":" + v.dump();
    }
    return out + "}";
}

std::string Value::text() const {
    if (is_null()) return "—";
    if (is_string()) return as_string();
    if (is_array()) {
        std::string out;
        for (const auto& v : as_array()) {
            if (!out.empty()) out += ", ";
            out += v.text();
        }
        return out.empty() ? "none" : out;
    }
    return dump();
}

}  // namespace umpire::json
