#include "core/json.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <system_error>

#include "core/text.hpp"

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

// Appends `s` as a JSON string literal (core/text.hpp: DEL is taken as it is).
static void quote_into(std::string& out, const std::string& s) { append_quoted(out, s, false); }

std::string quote(const std::string& s) {
    std::string out;
    out.reserve(s.size() + 2);
    quote_into(out, s);
    return out;
}

// A number as printf's %.10g writes it (std::to_chars is that format, without the locale).
static void number_into(std::string& out, double d) {
    if (!std::isfinite(d)) { out += "null"; return; }
    char buf[64];
    out.append(buf, std::to_chars(buf, buf + sizeof buf, d, std::chars_format::general, 10).ptr);
}

void Value::dump_into(std::string& out) const {
    if (is_null()) out += "null";
    else if (is_bool()) out += as_bool() ? "true" : "false";
    else if (is_int()) {
        char buf[24];
        out.append(buf, std::to_chars(buf, buf + sizeof buf, as_int()).ptr);
    } else if (auto p = std::get_if<Fixed>(&v_)) {  // printf's %.*f, as std::to_chars writes it
        char buf[400];  // the longest double in fixed notation, with its decimals
        const auto r = std::to_chars(buf, buf + sizeof buf, p->value, std::chars_format::fixed, p->decimals);
        if (r.ec == std::errc()) out.append(buf, r.ptr);
        else {  // more decimals than fit: let printf write them
            const int n = std::snprintf(nullptr, 0, "%.*f", p->decimals, p->value);
            std::string big(std::size_t(n) + 1, '\0');
            std::snprintf(big.data(), big.size(), "%.*f", p->decimals, p->value);
            out.append(big.data(), std::size_t(n));
        }
    } else if (auto d = std::get_if<double>(&v_)) number_into(out, *d);
    else if (is_string()) quote_into(out, as_string());
    else if (is_array()) {
        out += '[';
        bool first = true;
        for (const auto& v : as_array()) {
            if (!first) out += ',';
            first = false;
            v.dump_into(out);
        }
        out += ']';
    } else {
        out += '{';
        bool first = true;
        for (const auto& [k, v] : as_object()) {
            if (!first) out += ',';
            first = false;
            quote_into(out, k);
            out += ':';
            v.dump_into(out);
        }
        out += '}';
    }
}

std::string Value::dump() const {
    std::string out;
    out.reserve(4096);  // a ruling's JSON is a few kilobytes: written without growing
    dump_into(out);
    return out;
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
