// PLACEHOLDER while the TANK! module is written.
#include "engine/spi_tank.hpp"
namespace umpire::tank {
void SpiTank::load(const std::filesystem::path&) {}
Ruling SpiTank::rule(const Table& root) const { root.error("system", "not implemented yet"); root.sink().throw_if_errors(); return {}; }
std::vector<NameList> SpiTank::names() const { return {}; }
}
namespace umpire { std::unique_ptr<GameSystem> make_spi_tank() { return std::make_unique<tank::SpiTank>(); } }
