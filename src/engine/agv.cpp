// PLACEHOLDER until the module for this system lands: rules nothing.
#include "engine/agv.hpp"
namespace umpire {
namespace {
class Placeholder final : public GameSystem {
public:
    std::string id() const override { return "agv"; }
    std::string title() const override { return "A Great Victory! terrain guidelines"; }
    std::vector<std::string> data_files() const override { return {}; }
    void load(const std::filesystem::path&) override {}
    Ruling rule(const Table& root) const override {
        root.error("system", "\"agv\" is not implemented yet");
        root.sink().throw_if_errors();
        return {};
    }
    std::vector<NameList> names() const override { return {}; }
};
}  // namespace
std::unique_ptr<GameSystem> make_agv() { return std::make_unique<Placeholder>(); }
}  // namespace umpire
