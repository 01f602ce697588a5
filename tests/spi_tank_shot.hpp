// The TANK! situation builder shared by the tests/test_spi_tank_*.cpp feature files:
//   Shot     one spi-tank situation, built from fields and written as TOML
//   NUL, iv  a JSON null as an int sentinel, and an int-or-null reader
//   upto     kill numbers 1..n
//   rule     rule a Shot through the engine, returning the ruling's JSON
#pragma once
#include <climits>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "support.hpp"

namespace umpire::test::spi_tank {

// ---- Shot: one situation, built from fields and written as TOML --------------------------
struct Shot {
    std::string mode_ = "mixed";
    std::string firer_ = "T55";
    int panic_ = 1;
    bool preservation_ = false;
    std::string target_ = "M60A2", aspect_ = "front", terrain_ = "clear";  // aspect "": key left out
    bool ip_ = false;
    int moving_ = 0;
    std::string behind_ = "none";
    int range_ = 10;
    bool fof_ = true;
    std::string friendly_ = "none";
    std::vector<std::string> obstacles_;  // TOML inline tables
    std::vector<std::pair<std::string, int>> extra_;

    Shot& mode(const std::string& m) { mode_ = m; return *this; }
    Shot& firer(const std::string& u, int panic = 1) { firer_ = u; panic_ = panic; return *this; }
    Shot& preservation(bool p = true) { preservation_ = p; return *this; }
    Shot& vehicle(const std::string& u, const std::string& aspect, const std::string& terrain = "clear") {
        target_ = u; aspect_ = aspect; terrain_ = terrain; return *this;
    }
    Shot& soft(const std::string& u, const std::string& terrain = "clear", bool ip = false) {
        target_ = u; aspect_ = ""; terrain_ = terrain; ip_ = ip; return *this;
    }
    Shot& moving(int mp) { moving_ = mp; return *this; }
    Shot& behind(const std::string& b) { behind_ = b; return *this; }
    Shot& range(int r) { range_ = r; return *this; }
    Shot& field_of_fire(bool f) { fof_ = f; return *this; }
    Shot& friendly(const std::string& f) { friendly_ = f; return *this; }
    Shot& obstacle(const std::string& terrain, const std::string& where, const std::string& touches) {
        obstacles_.push_back("{ terrain = \"" + terrain + "\", at = \"" + where + "\", touches = \"" + touches + "\" }");
        return *this;
    }
    Shot& extra(const std::string& u, int r) { extra_.emplace_back(u, r); return *this; }

    std::string toml() const {
        std::ostringstream o;
        o << "system = \"spi-tank\"\nterrain_mode = \"" << mode_ << "\"\n";
        o << "\n[firer]\nunit = \"" << firer_ << "\"\npanic_level = " << panic_
          << "\npreservation = " << (preservation_ ? "true" : "false") << "\n";
        o << "\n[target]\nunit = \"" << target_ << "\"\n";
        if (!aspect_.empty()) o << "aspect = \"" << aspect_ << "\"\n";
        o << "terrain = \"" << terrain_ << "\"\nimproved_position = " << (ip_ ? "true" : "false")
          << "\nmoving_mp = " << moving_ << "\nbehind = \"" << behind_ << "\"\n";
        o << "\n[line]\nrange = " << range_ << "\nin_field_of_fire = " << (fof_ ? "true" : "false")
          << "\nfriendly_in_line = \"" << friendly_ << "\"\nobstacles = [";
        for (size_t i = 0; i < obstacles_.size(); ++i) o << (i ? ", " : " ") << obstacles_[i];
        o << " ]\n";
        for (const auto& [u, r] : extra_) o << "\n[[extra_firer]]\nunit = \"" << u << "\"\nrange = " << r << "\n";
        return o.str();
    }
};

inline constexpr int NUL = INT_MIN;  // a JSON null
inline int iv(const umpire::json::Value& v) { return v.is_null() ? NUL : static_cast<int>(v.as_int()); }

inline std::vector<int> upto(int n) {  // kill numbers 1..n ([] for 0)
    std::vector<int> v;
    for (int i = 1; i <= n; ++i) v.push_back(i);
    return v;
}

inline umpire::json::Value rule(const Shot& s) { return umpire::test::rule_toml(s.toml()); }

}  // namespace umpire::test::spi_tank
