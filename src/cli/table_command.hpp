// `umpire-cli table check FILE` (src/cli/table_command.cpp).
#pragma once
#include <filesystem>
#include <string>
#include <vector>

// `positional` is the command line after the options: {"table", "check", FILE}. The report for
// standard output goes into `report` (main writes it, checking the write); problems go to
// standard error. Returns the exit status: 0, 3 (breaches), 2 (bad input) or 1.
int table_command(const std::vector<std::string>& positional, const std::filesystem::path& rules_dir, std::string& report);
