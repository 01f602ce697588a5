// toml++'s parser and printers compiled into Umpire's programs from Debian's libtomlplusplus-dev
// headers (the same source as its libtomlplusplus.so), instead of loading that shared library.
#define TOML_IMPLEMENTATION
#include <toml++/toml.h>
