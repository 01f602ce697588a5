// PLACEHOLDER until the module for this system lands: rules nothing.
#include "engine/gf9_tanks.hpp"
namespace umpire {
namespace {
class Placeholder final : public GameSystem {
public:
    std::string id() const override { return "gf9-tanks"; }
    std::string title() const override { return "Gale Force 9 TANKS, More Terrain house rules"; }
    std::vector<std::string> data_files() const override { return {}; }
    void load(const std::filesystem::path&) override {}
    Ruling rule(const Table& root) const override {
        root.error("system", "\"gf9-tanks\" is not implemented yet");
        root.sink().throw_if_errors();
        return {};
    }
    std::vector<NameList> names() const override { return {}; }
};
}  // namespace
std::unique_ptr<GameSystem> make_gf9_tanks() { return std::make_unique<Placeholder>(); }
}  // namespace umpire
