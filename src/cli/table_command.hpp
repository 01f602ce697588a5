// `umpire-cli table check FILE` (src/cli/table_command.cpp).
#pragma once
#include <filesystem>
#include <string>
#include <vector>

// `positional` is the command line after the options: {"table", "check", FILE}. Returns the exit status.
int table_command(const std::vector<std::string>& positional, const std::filesystem::path& rules_dir);
