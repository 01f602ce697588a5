// Shared by the libFuzzer harnesses (tests/fuzz/fuzz_*.cpp; see docs/fuzzing.md):
//   run_guarded()   runs one input: InputError is the normal outcome for bad input and is checked
//                   for the located-diagnostic contract; any other exception is a finding (abort)
//   finding()       prints why and aborts, so libFuzzer saves the input under findings/
#pragma once
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "core/diag.hpp"

namespace umpire::fuzz {

[[noreturn]] inline void finding(const std::string& why) {
    std::fprintf(stderr, "umpire fuzz finding: %s\n", why.c_str());
    std::abort();
}

// Bad input must be reported, never silently accepted or half-reported (PREAMBLE "Standards"):
// at least one diagnostic, the first naming the input's own file (a board or table file the
// input refers to may follow with its own problems under its own name), each with a 1-based
// location and a message.
inline void check_diagnostics(const InputError& e, const std::string& file) {
    if (e.diagnostics().empty()) finding("InputError without a diagnostic");
    if (e.diagnostics().front().file != file)
        finding("first diagnostic names file '" + e.diagnostics().front().file + "', expected '" + file + "': " +
                e.diagnostics().front().str());
    for (const auto& d : e.diagnostics()) {
        if (d.line < 1 || d.column < 1) finding("diagnostic without a 1-based location: " + d.str());
        if (d.message.empty()) finding("diagnostic without a message: " + d.str());
    }
}

template <class F> void run_guarded(const std::string& file, F&& body) {
    try {
        body();
    } catch (const InputError& e) {
        check_diagnostics(e, file);
    } catch (const std::exception& e) {
        finding(std::string("uncaught exception (not InputError): ") + e.what());
    } catch (...) {
        finding("uncaught exception of unknown type");
    }
}

}  // namespace umpire::fuzz
