// Test support for table sketches (docs/tables.md): small tables written in the test, and rulings
// of situations on them.
//   gf9_table / agv_table   a 48 x 48 in GF9 table / a 120 x 80 cm AGV table (base width 4 cm)
//   tank / stand            a base entry
//   rule_on                 rules a situation on a table (the table written to a temp file)
//   fact                    the value the table gave a situation key
//   hand                    rules a hand-entered situation, for comparing with the table's ruling
#pragma once
#include <string>

#include "support.hpp"

namespace umpire::test::table {

inline std::string gf9_table(const std::string& body) {
    return "system = \"gf9-tanks\"\nunit = \"in\"\nwidth = 48\ndepth = 48\n" + body;
}
inline std::string agv_table(const std::string& body) {
    return "system = \"agv\"\nunit = \"cm\"\nwidth = 120\ndepth = 80\nbase_width = 4\n" + body;
}

inline std::string num(double v) {
    std::ostringstream os;
    os << v;
    return os.str();
}

// A GF9 tank: 1.5 in wide, 2.5 in long.
inline std::string tank(const std::string& name, double x, double y, double facing = 0) {
    return "[[base]]\nname = \"" + name + "\"\nat = [" + num(x) + ", " + num(y) + "]\nsize = [1.5, 2.5]\nfacing = " + num(facing) + "\n";
}
// An AGV stand: 4 cm across the front, 2 cm deep.
inline std::string stand(const std::string& name, const std::string& type, double x, double y, const std::string& unit = "",
                         double facing = 0) {
    return "[[base]]\nname = \"" + name + "\"\ntype = \"" + type + "\"\nat = [" + num(x) + ", " + num(y) + "]\nsize = [4, 2]\nfacing = " +
           num(facing) + "\n" + (unit.empty() ? "" : "unit = \"" + unit + "\"\n");
}

// Writes the table and rules `situation` (its root keys first) with `table = "PATH"` added.
inline Ruling ruling_on(const std::string& table_text, const std::string& situation) {
    const std::string path = temp_file(table_text);
    return rule_ruling("table = \"" + path + "\"\n" + situation);
}
inline json::Value rule_on(const std::string& table_text, const std::string& situation) {
    return ruling_on(table_text, situation).to_json();
}

// The value the table gave `key` (null when it gave none).
inline json::Value fact(const json::Value& j, const std::string& key) {
    for (const auto& f : at(at(j, "table"), "facts").as_array())
        if (at(f, "key").is_string() && at(f, "key").as_string() == key) return at(f, "value");
    return json::Value();
}

inline std::string explanation(const json::Value& j) {
    std::string s;
    for (const auto& e : at(j, "explanation").as_array()) s += e.as_string() + "\n";
    return s;
}

}  // namespace umpire::test::table
