// PLACEHOLDER until the module for this system lands: rules nothing.
#include "engine/panzer_squadron.hpp"
namespace umpire {
namespace {
class Placeholder final : public GameSystem {
public:
    std::string id() const override { return "panzer-squadron"; }
    std::string title() const override { return "Panzer Squadron"; }
    std::vector<std::string> data_files() const override { return {}; }
    void load(const std::filesystem::path&) override {}
    Ruling rule(const Table& root) const override {
        root.error("system", "\"panzer-squadron\" is not implemented yet");
        root.sink().throw_if_errors();
        return {};
    }
    std::vector<NameList> names() const override { return {}; }
};
}  // namespace
std::unique_ptr<GameSystem> make_panzer_squadron() { return std::make_unique<Placeholder>(); }
}  // namespace umpire
