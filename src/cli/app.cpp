// umpire-cli's parser (see app.hpp and commands.hpp).
//
// Exit status (README.md "The command line", docs/situations.md): 0 a ruling or report was
// printed; 2 the input or the rules data is wrong, including a file that cannot be read (stderr:
// FILE:LINE:COL lines, nothing on stdout); 3 table check found breaches; 1 anything else: a wrong
// command, option or argument (one "umpire-cli: ..." line, escaped), a failed write.
//
// The only file that includes CLI11 (commands.hpp says why): the commands' files reach it through
// Command and Option, defined here.
//
// Sections
//   Command     Command, Option: CLI11's App and Option for the commands' files (commands.hpp)
//   shared      say, report (commands.hpp)
//   the parser  named_command, make_app: the top-level options, then the command named (or every one)
//   errors      CLI11's errors said in umpire-cli's words, one line each
//   run         parse, then the chosen command
#include "cli/app.hpp"

#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "core/names.hpp"
#include "engine/engine.hpp"

namespace umpire::cli {

namespace {

// The exit statuses, under every --help.
const char* kExitStatus =
    "Exit status: 0 ruling or report printed (also 'blocked' or 'no fire'); 2 the input or the rules\n"
    "data is wrong (FILE:LINE:COL lines on stderr, nothing on stdout); 3 table check found guideline\n"
    "breaches; 1 anything else (a wrong command or option, output that could not be written).";

}  // namespace

std::filesystem::path Context::rules() const { return rules_dir.empty() ? default_rules_dir() : std::filesystem::path(rules_dir); }

// ---- Command ------------------------------------------------------------------------

Option& Option::required() {
    o_->required();
    return *this;
}

bool Option::given() const { return o_->count() > 0; }

Command Command::command(const std::string& name, const std::string& description) {
    CLI::App* cmd = app_->add_subcommand(name, description);
    cmd->fallthrough();  // --rules-data (and --help, --version) after the command's own words
    // -h/--help ("show this help") comes with the command: CLI11 copies its parent's help flag.
    cmd->group("Commands");
    cmd->footer(kExitStatus);
    return Command(cmd);
}

void Command::needs_command() { app_->require_subcommand(1); }

Option Command::argument(const std::string& name, std::string& into, const std::string& description) {
    CLI::Option* o = app_->add_option(name, into, description);
    o->type_name("");
    o->check([](const std::string& word) -> std::string {
        // Thrown, not returned: CLI11 would wrap a returned message as "FROM: ..." (run() says it).
        if (word.size() > 1 && word[0] == '-') throw UsageError("unknown option " + word);
        return "";
    });
    return Option(o);
}

void Command::flag(const std::string& name, bool& into, const std::string& description) {
    app_->add_flag(name, into, description)->disable_flag_override();
}

Option Command::value(const std::string& name, const std::string& value_name, std::optional<std::string>* into, const std::string& description) {
    return value(name, value_name, [into](const std::string& v) { *into = v; }, description);
}

Option Command::value(const std::string& name, const std::string& value_name, std::function<void(const std::string&)> take,
                      const std::string& description) {
    CLI::Option* o = app_->add_option_function<std::string>(name, std::move(take), description);
    o->type_name(value_name)->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    return Option(o);
}

Option Command::values(const std::string& name, const std::string& value_name, std::vector<std::string>& into, const std::string& description) {
    CLI::Option* o = app_->add_option(name, into, description);
    o->type_name(value_name)->allow_extra_args(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    return Option(o);
}

void Command::on_chosen(std::function<void()> chosen) { app_->callback(std::move(chosen)); }

// ---- shared -------------------------------------------------------------------------

void say(const std::string& message) { std::cerr << "umpire-cli: " << escape_text(message) << "\n"; }

int report(const std::vector<Diagnostic>& diagnostics) {
    for (const auto& d : diagnostics) std::cerr << d.str() << "\n";
    return 2;
}

namespace {

// ---- the parser -----------------------------------------------------------------------

const char* kDescription = "umpire-cli: rulings for wargame referees, for a person or as JSON (README.md \"The command line\").";

void add_board_commands(Command& app, Context& c) {
    Command board = add_board(app, c);
    add_board_check(board, c);
    add_board_from_image(board, c);
}

// The commands in the order --help lists them (one function each, commands.hpp), by the word that
// names each (the name its add_* function gives it; tests/test_cli_parser.cpp runs each one).
struct Listed {
    const char* word;
    void (*add)(Command&, Context&);
};
constexpr Listed kCommands[] = {{"rule", add_rule},         {"systems", add_systems},       {"check-data", add_check_data},
                                {"board", add_board_commands}, {"los", add_los},           {"visibility", add_visibility},
                                {"table", add_table}};

// The command the arguments name: their first word that is neither an option nor --rules-data's
// value, when it is one of kCommands; else nullptr (none, an unknown word, or "--" first).
// Building one command's parser instead of all nine is most of umpire-cli's own start-up (README
// "Speed"); the others could not be reached anyway, as a command line holds one command (the
// parser takes at most one, require_subcommand(0, 1), so a later word naming another command is
// that command's argument either way).
const Listed* named_command(const std::vector<std::string>& args) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& word = args[i];
        if (word == "--") return nullptr;
        if (word == "--rules-data") { ++i; continue; }
        if (word.size() > 1 && word[0] == '-') continue;
        for (const Listed& cmd : kCommands)
            if (word == cmd.word) return &cmd;
        return nullptr;
    }
    return nullptr;
}

// Whether the options every command shares but a ruling seldom gives (--version, --rules-data)
// must be built: a word names one (CLI11 takes "--rules-data=DIR" too), or may ask for help, which
// lists them (--help, -h, or -h among short flags). A word after "--" is an argument either way.
// Like building one command, this spares CLI11's start-up work (README "Speed").
bool wants_shared_options(const std::vector<std::string>& args) {
    for (const std::string& word : args) {
        for (const char* name : {"--version", "--rules-data", "--h"})
            if (word.rfind(name, 0) == 0) return true;
        if (word.size() > 1 && word[0] == '-' && word[1] != '-' && word.find('h') != std::string::npos) return true;
    }
    return false;
}

// The whole command line: the options every command shares, then the commands -- only `only`
// when it is given (named_command), else every one, so that --help and the errors about an
// unknown command see them all. `shared`: build --version and --rules-data (wants_shared_options;
// always with every command, as umpire-cli alone prints the whole help).
std::unique_ptr<CLI::App> make_app(Context& c, const Listed* only, bool shared) {
    auto app = std::make_unique<CLI::App>(kDescription, "umpire-cli");
    app->get_formatter()->label("SUBCOMMAND", "COMMAND");
    app->get_formatter()->column_width(30);
    app->footer(std::string("COMMAND --help shows a command's arguments and options; --rules-data may follow it.\n") + kExitStatus);
    app->get_help_ptr()->description("show this help");  // the flag CLI11 made, said in our words
    if (shared || !only) {
        app->set_version_flag("--version", std::string("umpire-cli ") + UMPIRE_VERSION, "show the version");
        app->add_option("--rules-data", c.rules_dir, "use the rules data in DIR (default: the shipped\nrules-data)")
            ->type_name("DIR")
            ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    }
    app->require_subcommand(0, 1);
    app->allow_extras();  // an unknown command, option or argument: said by run() in umpire-cli's words

    Command root(app.get());
    if (only) only->add(root, c);
    else
        for (const Listed& cmd : kCommands) cmd.add(root, c);
    return app;
}

// ---- errors ---------------------------------------------------------------------------

// The command the parser reached ("los", "board check"; "" before any), and its CLI::App.
const CLI::App* reached(const CLI::App& app, std::string* words) {
    const CLI::App* at = &app;
    words->clear();
    for (auto subs = at->get_subcommands(); !subs.empty(); subs = at->get_subcommands()) {
        at = subs.front();
        *words += (words->empty() ? "" : " ") + at->get_name();
    }
    return at;
}

// One line: what is wrong (in the command reached), and where its usage is.
int usage_error(const CLI::App& app, const std::string& what) {
    std::string words;
    reached(app, &words);
    const std::string help = "umpire-cli " + (words.empty() ? "" : words + " ") + "--help";
    say((words.empty() ? "" : words + ": ") + what + " (see " + help + ")");
    return 1;
}

// A word nobody took (allow_extras): an unknown option, an unknown command (of umpire-cli, or of a
// command made of commands: `board`, `table`), or one argument too many.
int unexpected(const CLI::App& app, const std::string& word) {
    std::string words;
    const CLI::App* at = reached(app, &words);
    if (word.size() > 1 && word[0] == '-') return usage_error(app, "unknown option " + word);
    if (words.empty() || at->get_require_subcommand_min() > 0) return usage_error(app, "unknown command '" + word + "'");
    return usage_error(app, "unexpected argument '" + word + "'");
}

// CLI11's ParseError in umpire-cli's words. A command that needs one of its own commands
// (`board`, `table`) names them; an option without its value names the value.
int parse_error(const CLI::App& app, const CLI::ParseError& e) {
    std::string words;
    const CLI::App* at = reached(app, &words);
    if (dynamic_cast<const CLI::RequiredError*>(&e) && at->get_require_subcommand_min() > 0 && at->get_subcommands().empty()) {
        if (!app.remaining().empty()) return unexpected(app, app.remaining().front());
        std::string names;
        for (const CLI::App* sub : at->get_subcommands({})) names += (names.empty() ? "" : ", ") + sub->get_name();
        return usage_error(app, "give its command: " + names);
    }
    const std::string what = e.what();  // "--mode: 1 required MODE missing"
    const std::size_t colon = what.find(": 1 required "), missing = what.rfind(" missing");
    if (dynamic_cast<const CLI::ArgumentMismatch*>(&e) && colon != std::string::npos && missing == what.size() - 8)
        return usage_error(app, what.substr(0, colon) + " needs a value (" + what.substr(colon + 13, missing - colon - 13) + ")");
    const std::size_t flag = what.find(" was given a disallowed flag override");  // "--json=1"
    if (flag != std::string::npos) return usage_error(app, "--" + what.substr(0, flag) + " takes no value");
    return usage_error(app, what);
}


}  // namespace

// ---- run ------------------------------------------------------------------------------

int run(const std::vector<std::string>& args, std::string& out) {
    Context c;
    // The parser is left to the end of the process: umpire-cli ends with _Exit once it has
    // answered (main.cpp), so taking CLI11's objects apart would be work for nobody (README
    // "Speed"). A second run in one process (the tests) frees the first's here.
    static std::unique_ptr<CLI::App> kept;
    kept = make_app(c, named_command(args), wants_shared_options(args));
    CLI::App* const app = kept.get();
    try {
        std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes them last first
        app->parse(reversed);
    } catch (const CLI::CallForHelp&) {
        out = app->help();  // the help of the command reached
        return 0;
    } catch (const CLI::CallForVersion& e) {
        out = std::string(e.what()) + "\n";
        return 0;
    } catch (const CLI::ParseError& e) {
        return parse_error(*app, e);
    } catch (const UsageError& e) {
        return usage_error(*app, e.what());
    }
    if (!app->remaining().empty()) return unexpected(*app, app->remaining().front());
    if (!c.run) {
        std::cerr << app->help();
        return 1;
    }
    try {
        const int status = c.run();
        out = c.out.str();
        return status;
    } catch (const InputError& e) {
        return report(e.diagnostics());
    } catch (const UsageError& e) {
        return usage_error(*app, e.what());
    } catch (const std::exception& e) {
        say(e.what());
        return 1;
    }
}

}  // namespace umpire::cli
