// A small ordered JSON value for the CLI's `--json` output and the rulings' data.
// Objects keep insertion order so the printed keys follow the spec's tables.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace umpire::json {

class Value;
using Array = std::vector<Value>;
using Object = std::vector<std::pair<std::string, Value>>;

struct Fixed {  // a number printed with a fixed count of decimals (kill_probability: 4)
    double value;
    int decimals;
};

class Value {
public:
    Value() : v_(nullptr) {}
    Value(std::nullptr_t) : v_(nullptr) {}
    Value(bool b) : v_(b) {}
    Value(int i) : v_(static_cast<std::int64_t>(i)) {}
    Value(std::int64_t i) : v_(i) {}
    Value(double d) : v_(d) {}
    Value(Fixed f) : v_(f) {}
    Value(const char* s) : v_(std::string(s)) {}
    Value(std::string s) : v_(std::move(s)) {}
    Value(Array a) : v_(std::make_shared<Array>(std::move(a))) {}
    Value(Object o) : v_(std::make_shared<Object>(std::move(o))) {}

    bool is_null() const { return std::holds_alternative<std::nullptr_t>(v_); }
    bool is_bool() const { return std::holds_alternative<bool>(v_); }
    bool is_int() const { return std::holds_alternative<std::int64_t>(v_); }
    bool is_string() const { return std::holds_alternative<std::string>(v_); }
    bool is_array() const { return std::holds_alternative<std::shared_ptr<Array>>(v_); }
    bool is_object() const { return std::holds_alternative<std::shared_ptr<Object>>(v_); }
    bool is_number() const { return is_int() || std::holds_alternative<double>(v_) || std::holds_alternative<Fixed>(v_); }

    bool as_bool() const { return std::get<bool>(v_); }
    std::int64_t as_int() const { return std::get<std::int64_t>(v_); }
    double as_double() const;
    const std::string& as_string() const { return std::get<std::string>(v_); }
    const Array& as_array() const { return *std::get<std::shared_ptr<Array>>(v_); }
    const Object& as_object() const { return *std::get<std::shared_ptr<Object>>(v_); }

    // Object member lookup; returns nullptr when absent or not an object.
    const Value* find(const std::string& key) const;

    std::string dump() const;  // compact, one line
    void dump_into(std::string& out) const;  // the same, appended to `out`
    // Short human form: strings unquoted, arrays as "1, 2, 3", null as "—".
    std::string text() const;

private:
    std::variant<std::nullptr_t, bool, std::int64_t, double, Fixed, std::string,
                 std::shared_ptr<Array>, std::shared_ptr<Object>> v_;
};

std::string quote(const std::string& s);  // JSON string literal

}  // namespace umpire::json
