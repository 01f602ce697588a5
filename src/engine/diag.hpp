// Diagnostics: every problem with a situation or a rules-data file is reported
// as `FILE:LINE:COL: message`, one line per problem (see shared/spec/situations.md).
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

namespace umpire {

struct Diagnostic {
    std::string file;
    int line = 1;
    int column = 1;
    std::string message;
    std::string str() const;  // "FILE:LINE:COL: message"
};

// Thrown when input (a situation or rules data) is wrong. Carries every problem found.
class InputError : public std::runtime_error {
public:
    explicit InputError(std::vector<Diagnostic> diags);
    const std::vector<Diagnostic>& diagnostics() const { return diags_; }
private:
    std::vector<Diagnostic> diags_;
};

}  // namespace umpire
