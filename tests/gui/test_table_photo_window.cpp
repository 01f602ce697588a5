// The table view's photo without a display (src/window/table/photo.hpp, src/window/ui/
// picture_texture.hpp): a picture is read on a worker thread and handed over once, a superseded
// read is never handed over, and a photo that cannot be read is said in words (the file named).
// The drawing, the calibration step and tracing are driven in the real window by
// tests/gui/table-photo-test.sh.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "core/image.hpp"
#include "tabletop/sketch.hpp"
#include "window/table/photo.hpp"
#include "window/ui/picture_texture.hpp"

using namespace umpire;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string& name) {
    const fs::path d = fs::temp_directory_path() / ("umpire-photo-window-" + std::to_string(::getpid()) + "-" + name);
    fs::create_directories(d);
    return d;
}

template <class Done>
bool within_seconds(double s, Done done) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(s);
    while (std::chrono::steady_clock::now() < end) {
        if (done()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return done();
}

}  // namespace

TEST_CASE("picture loader: read on a worker, handed over once, and a superseded read is dropped", "[window][photo]") {
    const fs::path dir = scratch("loader");
    REQUIRE_FALSE(image::write_png(dir / "a.png", image::blank(40, 30, 3, 10)));
    REQUIRE_FALSE(image::write_png(dir / "b.png", image::blank(64, 48, 3, 200)));
    app::PictureLoader loader;
    CHECK_FALSE(loader.poll());  // nothing started
    loader.start(dir / "a.png", "a.png");
    loader.start(dir / "b.png", "b.png");  // the referee chose another file before the first was read
    std::optional<app::PictureLoader::Result> r;
    REQUIRE(within_seconds(10, [&] { return bool(r = loader.poll()); }));
    CHECK(r->path == dir / "b.png");
    REQUIRE(r->image);
    CHECK(r->image->width == 64);
    CHECK(r->image->height == 48);
    CHECK(r->image->at(5, 5)[0] == 200);
    CHECK_FALSE(loader.poll());  // once
    CHECK_FALSE(loader.busy());

    loader.start(dir / "missing.png", "missing.png");
    REQUIRE(within_seconds(10, [&] { return bool(r = loader.poll()); }));
    CHECK_FALSE(r->image);
    CHECK_THAT(r->problem, Catch::StartsWith("missing.png:1:1: "));
    fs::remove_all(dir);
}

TEST_CASE("table photo: a photo that cannot be read is said in words, naming the file", "[window][photo]") {
    const fs::path dir = scratch("table");
    tabletop::Sketch s;
    s.unit = "in", s.width = 48, s.depth = 48;
    s.photo = tabletop::Photo{};
    s.photo->image = "no-such-photo.jpg";
    app::TablePhoto photo;
    photo.follow(s, dir / "table.toml");
    CHECK(photo.has_photo());
    REQUIRE(within_seconds(10, [&] {
        photo.follow(s, dir / "table.toml");
        return !photo.reading() && !photo.problem().empty();
    }));
    CHECK_THAT(photo.problem(), Catch::StartsWith("no-such-photo.jpg:1:1: "));
    CHECK_FALSE(photo.shown());
    // A table without a photo: nothing read, nothing said.
    s.photo.reset();
    photo.follow(s, dir / "table.toml");
    CHECK_FALSE(photo.has_photo());
    CHECK(photo.problem().empty());
    fs::remove_all(dir);
}
