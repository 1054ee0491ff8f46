/* An empty ICU data library for the installed app (installer/build.sh builds it in place of
 * Qt's 31 MB libicudata). ICU then has its built-in tables only (case mapping, normalisation,
 * character properties) and no locale data: Motu uses none of what needs it (collation, legacy
 * text encodings, locale-specific case), and Qt falls back to its own code where a call needs it.
 * This is the header of ICU's own "stubdata" library: a table of contents with no entries. */
#include <stdint.h>

#ifndef ICU_MAJOR
#error "build with -DICU_MAJOR=<the major version of the ICU that Qt links>"
#endif
#define PASTE(a, b, c) a##b##c
#define ENTRY(v) PASTE(icudt, v, _dat)

struct stub_data {
    uint16_t header_size;
    uint8_t magic1, magic2;
    struct {
        uint16_t size, reserved_word;
        uint8_t is_big_endian, charset_family, sizeof_uchar, reserved_byte;
        uint8_t data_format[4], format_version[4], data_version[4];
    } info;
    char padding[8];
    uint32_t count, reserved;
    uint32_t toc[4];
};

__attribute__((visibility("default"))) const struct stub_data ENTRY(ICU_MAJOR) = {
    32, 0xda, 0x27,
    {20, 0, 0 /* little-endian */, 0 /* ASCII family */, 2, 0, {'T', 'o', 'C', 'P'}, {1, 0, 0, 0}, {0, 0, 0, 0}},
    {0}, 0, 0, {0, 0, 0, 0},
};
