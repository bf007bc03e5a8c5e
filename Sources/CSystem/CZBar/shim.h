#include <zbar.h>
#include <dlfcn.h>
#include <stdio.h>

/*
 * libzbar is loaded when the first image is scanned, not when the process starts: it pulls in X11, v4l2 and
 * D-Bus (about 20 shared libraries), which every other companion command would pay for at start-up.
 * Swift calls zbar through the function pointers of struct czbar_api, filled by czbar_load; the types are
 * zbar.h's own, so a signature mismatch is a compile error.
 */

#define CZBAR_FUNCTIONS(X) \
    X(zbar_image_scanner_create) X(zbar_image_scanner_destroy) X(zbar_image_scanner_set_config) \
    X(zbar_image_create) X(zbar_image_destroy) X(zbar_image_set_format) X(zbar_image_set_size) \
    X(zbar_image_set_data) X(zbar_scan_image) X(zbar_image_first_symbol) X(zbar_symbol_get_type) \
    X(zbar_symbol_get_data) X(zbar_symbol_get_data_length) X(zbar_symbol_next)

struct czbar_api {
#define CZBAR_FIELD(name) __typeof__(name) *_Nonnull name;
    CZBAR_FUNCTIONS(CZBAR_FIELD)
#undef CZBAR_FIELD
};

/// Loads libzbar and fills *api. Returns 0, or -1 with the reason in error (a library or symbol not found).
static inline int czbar_load(struct czbar_api *api, char *error, size_t capacity) {
    static const char *const names[] = {"libzbar.so.0", "libzbar.so", "libzbar.0.dylib", "libzbar.dylib"};
    void *handle = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && handle == NULL; i++) {
        handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(error, capacity, "%s", reason ? reason : "libzbar.so.0: cannot open shared object file");
        return -1;
    }
#define CZBAR_RESOLVE(name) \
    if ((*(void **)&api->name = dlsym(handle, #name)) == NULL) { \
        snprintf(error, capacity, "libzbar has no symbol %s", #name); \
        return -1; \
    }
    CZBAR_FUNCTIONS(CZBAR_RESOLVE)
#undef CZBAR_RESOLVE
    return 0;
}
