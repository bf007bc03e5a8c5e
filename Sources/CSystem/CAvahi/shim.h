#include <avahi-client/client.h>
#include <avahi-client/lookup.h>
#include <avahi-client/publish.h>
#include <avahi-common/address.h>
#include <avahi-common/error.h>
#include <avahi-common/strlst.h>
#include <avahi-common/thread-watch.h>
#include <dlfcn.h>
#include <stdio.h>

/*
 * The Avahi client library (DNS-SD over mDNS through avahi-daemon) is loaded when discovery is first used, not
 * when the process starts (see CZBar/shim.h): commands that never advertise or browse do not load it or D-Bus.
 * Swift calls it through struct cavahi_api, filled by cavahi_load.
 */

#define CAVAHI_COMMON_FUNCTIONS(X) \
    X(avahi_threaded_poll_new) X(avahi_threaded_poll_free) X(avahi_threaded_poll_get) \
    X(avahi_threaded_poll_start) X(avahi_threaded_poll_stop) X(avahi_threaded_poll_lock) \
    X(avahi_threaded_poll_unlock) X(avahi_strerror) X(avahi_address_snprint) \
    X(avahi_string_list_new_from_array) X(avahi_string_list_free) X(avahi_string_list_get_next) \
    X(avahi_string_list_get_text) X(avahi_string_list_get_size)

#define CAVAHI_CLIENT_FUNCTIONS(X) \
    X(avahi_client_new) X(avahi_client_free) X(avahi_client_errno) X(avahi_client_get_state) \
    X(avahi_entry_group_new) X(avahi_entry_group_free) X(avahi_entry_group_add_service_strlst) \
    X(avahi_entry_group_commit) X(avahi_service_browser_new) X(avahi_service_browser_free) \
    X(avahi_service_resolver_new) X(avahi_service_resolver_free)

struct cavahi_api {
#define CAVAHI_FIELD(name) __typeof__(name) *_Nonnull name;
    CAVAHI_COMMON_FUNCTIONS(CAVAHI_FIELD)
    CAVAHI_CLIENT_FUNCTIONS(CAVAHI_FIELD)
#undef CAVAHI_FIELD
};

static inline void *cavahi_open(const char *const *names, size_t count) {
    void *handle = NULL;
    for (size_t i = 0; i < count && handle == NULL; i++) handle = dlopen(names[i], RTLD_NOW | RTLD_GLOBAL);
    return handle;
}

/// Loads libavahi-common and libavahi-client and fills *api. Returns 0, or -1 with the reason in error.
static inline int cavahi_load(struct cavahi_api *api, char *error, size_t capacity) {
    static const char *const common_names[] = {"libavahi-common.so.3", "libavahi-common.so"};
    static const char *const client_names[] = {"libavahi-client.so.3", "libavahi-client.so"};
    void *common = cavahi_open(common_names, 2);
    void *client = common ? cavahi_open(client_names, 2) : NULL;
    if (common == NULL || client == NULL) {
        const char *reason = dlerror();
        snprintf(error, capacity, "%s", reason ? reason : "libavahi-client.so.3: cannot open shared object file");
        return -1;
    }
#define CAVAHI_RESOLVE_IN(handle, name) \
    if ((*(void **)&api->name = dlsym(handle, #name)) == NULL) { \
        snprintf(error, capacity, "the Avahi libraries have no symbol %s", #name); \
        return -1; \
    }
#define CAVAHI_RESOLVE_COMMON(name) CAVAHI_RESOLVE_IN(common, name)
#define CAVAHI_RESOLVE_CLIENT(name) CAVAHI_RESOLVE_IN(client, name)
    CAVAHI_COMMON_FUNCTIONS(CAVAHI_RESOLVE_COMMON)
    CAVAHI_CLIENT_FUNCTIONS(CAVAHI_RESOLVE_CLIENT)
#undef CAVAHI_RESOLVE_CLIENT
#undef CAVAHI_RESOLVE_COMMON
#undef CAVAHI_RESOLVE_IN
    return 0;
}
