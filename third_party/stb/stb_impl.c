/* The implementations of the stb headers Umpire uses (stb_image, stb_image_write, stb_truetype),
 * compiled from Debian's libstb-dev headers into a static library of ours instead of loading
 * Debian's libstb.so: every umpire-cli run paid for mapping and relocating that shared library
 * (about 0.1 ms of its start-up, README "Speed"), though most commands never draw a picture.
 * The same source as libstb.so's (the package's headers), with stb's default configuration. */
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>
#define STB_TRUETYPE_IMPLEMENTATION
#include <stb_truetype.h>
