#include <qrencode.h>
#include <dlfcn.h>
#include <stdio.h>

/*
 * libqrencode is loaded when the first QR code is encoded, not when the process starts (see CZBar/shim.h).
 * Swift calls it through struct cqrencode_api, filled by cqrencode_load.
 */

#define CQRENCODE_FUNCTIONS(X) X(QRcode_encodeData) X(QRcode_free)

struct cqrencode_api {
#define CQRENCODE_FIELD(name) __typeof__(name) *_Nonnull name;
    CQRENCODE_FUNCTIONS(CQRENCODE_FIELD)
#undef CQRENCODE_FIELD
};

/// Loads libqrencode and fills *api. Returns 0, or -1 with the reason in error.
static inline int cqrencode_load(struct cqrencode_api *api, char *error, size_t capacity) {
    static const char *const names[] = {
        "libqrencode.so.4", "libqrencode.so", "libqrencode.4.dylib", "libqrencode.dylib"};
    void *handle = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && handle == NULL; i++) {
        handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(error, capacity, "%s", reason ? reason : "libqrencode.so.4: cannot open shared object file");
        return -1;
    }
#define CQRENCODE_RESOLVE(name) \
    if ((*(void **)&api->name = dlsym(handle, #name)) == NULL) { \
        snprintf(error, capacity, "libqrencode has no symbol %s", #name); \
        return -1; \
    }
    CQRENCODE_FUNCTIONS(CQRENCODE_RESOLVE)
#undef CQRENCODE_RESOLVE
    return 0;
}
