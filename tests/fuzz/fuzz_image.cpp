// libFuzzer harness: a picture file's bytes (docs/maps.md), read as `umpire-cli board from-image`
// and the window read a scan or a photo: image::decode (format check, the PNG chunk / JPEG marker
// walk, the size limits before decoding, stb_image, the EXIF orientation), to RGB and to RGBA.
// InputError is the normal outcome for bad input.
//
// The pixel limit is lowered to 4 Mpixel here: a 64 KB input may claim up to the real limit
// (64 Mpixel) and stb_image would then spend seconds filling it; the limit's own check is the
// same code either way. stb_image itself is Debian's prebuilt libstb (not instrumented for
// coverage; AddressSanitizer still sees its heap through malloc and free).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/image.hpp"
#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    umpire::image::Limits limits;
    limits.max_pixels = 4'000'000;
    for (int channels : {3, 4})
        umpire::fuzz::run_guarded("fuzz-image.png", [&] {
            const umpire::image::Image img = umpire::image::decode(bytes, "fuzz-image.png", channels, limits);
            if (img.width <= 0 || img.height <= 0 || img.channels != channels ||
                img.pixels.size() != std::size_t(img.width) * std::size_t(img.height) * std::size_t(channels))
                umpire::fuzz::finding("decoded picture of inconsistent size");
        });
    return 0;
}
