#include <png.h>
#include <dlfcn.h>
#include <stdio.h>

/*
 * libpng is loaded when the first PNG is read or written, not when the process starts (see CZBar/shim.h).
 * Swift calls libpng's simplified API through struct cpng_api, filled by cpng_load. The library loaded is the
 * one whose ABI png.h describes (PNG_LIBPNG_VER_SONUM, e.g. libpng16.so.16).
 */

#define CPNG_FUNCTIONS(X) \
    X(png_image_begin_read_from_memory) X(png_image_finish_read) X(png_image_free) X(png_image_write_to_memory)

struct cpng_api {
#define CPNG_FIELD(name) __typeof__(name) *_Nonnull name;
    CPNG_FUNCTIONS(CPNG_FIELD)
#undef CPNG_FIELD
};

#define CPNG_STRING2(x) #x
#define CPNG_STRING(x) CPNG_STRING2(x)

/// Loads libpng and fills *api. Returns 0, or -1 with the reason in error.
static inline int cpng_load(struct cpng_api *api, char *error, size_t capacity) {
    static const char *const names[] = {
        "libpng" CPNG_STRING(PNG_LIBPNG_VER_DLLNUM) ".so." CPNG_STRING(PNG_LIBPNG_VER_SONUM),
        "libpng" CPNG_STRING(PNG_LIBPNG_VER_DLLNUM) ".so",
        "libpng" CPNG_STRING(PNG_LIBPNG_VER_DLLNUM) "." CPNG_STRING(PNG_LIBPNG_VER_SONUM) ".dylib",
        "libpng.dylib"};
    void *handle = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && handle == NULL; i++) {
        handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(error, capacity, "%s", reason ? reason : "libpng: cannot open shared object file");
        return -1;
    }
#define CPNG_RESOLVE(name) \
    if ((*(void **)&api->name = dlsym(handle, #name)) == NULL) { \
        snprintf(error, capacity, "libpng has no symbol %s", #name); \
        return -1; \
    }
    CPNG_FUNCTIONS(CPNG_RESOLVE)
#undef CPNG_RESOLVE
    return 0;
}
