/* libsecret (and the glib functions used with it), loaded with dlopen on first use rather than linked: linking it
 * loads about ten libraries (glib, gio, gobject, libmount, libblkid, libselinux, pcre2, ...) into every companion
 * command at start, 1.9 ms of CPU each time, while only the vault's writes, unlocking, listing and audit use it (reads
 * speak D-Bus directly, CompanionVaultSecretService/Bus). glib's headers need include paths that only pkg-config
 * gives, and pkg-config would also link the libraries, so the types and prototypes below are declared here, copied
 * from libsecret 0.20 and glib 2.74 (their ABI is stable): only pointers to the objects cross this boundary, except
 * GError and GList, whose public layouts are given. Swift calls the functions through struct csecret_api, filled by
 * csecret_load. scripts/check-csecret.sh compiles these declarations against the real headers. */
#ifndef CSECRET_SHIM_H
#define CSECRET_SHIM_H
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

typedef char gchar;
typedef int gint;
typedef gint gboolean;
typedef unsigned int guint;
typedef size_t gsize;
typedef ssize_t gssize;
typedef uint64_t guint64;
typedef uint32_t GQuark;
typedef void *gpointer;
typedef const void *gconstpointer;

typedef struct _GError { GQuark domain; gint code; gchar *message; } GError;
typedef struct _GList GList;
struct _GList { gpointer data; GList *next; GList *prev; };
/* Objects only ever handled by pointer. */
typedef struct _GHashTable GHashTable;
typedef struct _GCancellable { char opaque; } GCancellable;
typedef struct _GVariant GVariant;
typedef struct _GVariantType GVariantType;
typedef struct _GDBusConnection GDBusConnection;
typedef struct _GDBusProxy { char opaque; } GDBusProxy;
typedef struct _SecretService { char opaque; } SecretService;
typedef struct _SecretCollection { char opaque; } SecretCollection;
typedef struct _SecretItem { char opaque; } SecretItem;
typedef struct _SecretValue SecretValue;
typedef struct _SecretSchema { char opaque; } SecretSchema;

typedef guint (*GHashFunc)(gconstpointer key);
typedef gboolean (*GEqualFunc)(gconstpointer a, gconstpointer b);
typedef void (*GDestroyNotify)(gpointer data);

/* The enumerations' values used here (libsecret's and gio's headers); the enumeration types are int-sized. */
typedef guint SecretServiceFlags;
typedef guint SecretCollectionFlags;
typedef guint SecretSearchFlags;
typedef guint SecretSchemaFlags;
typedef guint GDBusCallFlags;
static const SecretServiceFlags SECRET_SERVICE_OPEN_SESSION = 1 << 1;
static const SecretCollectionFlags SECRET_COLLECTION_NONE = 0;
static const SecretSearchFlags SECRET_SEARCH_ALL = 1 << 1;
static const SecretSchemaFlags SECRET_SCHEMA_NONE = 0;
static const guint SECRET_SCHEMA_ATTRIBUTE_STRING = 0;
static const GDBusCallFlags G_DBUS_CALL_FLAGS_NONE = 0;

/* prototypes-begin (scripts/check-csecret.sh compares each with the real header) */
GVariant *g_dbus_connection_call_sync (GDBusConnection *connection, const gchar *bus_name, const gchar *object_path, const gchar *interface_name, const gchar *method_name, GVariant *parameters, const GVariantType *reply_type, GDBusCallFlags flags, gint timeout_msec, GCancellable *cancellable, GError **error);
gchar *g_dbus_error_get_remote_error (const GError *error);
gboolean g_dbus_error_strip_remote_error (GError *error);
GDBusConnection *g_dbus_proxy_get_connection (GDBusProxy *proxy);
const gchar *g_dbus_proxy_get_name (GDBusProxy *proxy);
const gchar *g_dbus_proxy_get_object_path (GDBusProxy *proxy);
void g_error_free (GError *error);
void g_free (gpointer mem);
gboolean g_hash_table_insert (GHashTable *hash_table, gpointer key, gpointer value);
gpointer g_hash_table_lookup (GHashTable *hash_table, gconstpointer key);
GHashTable* g_hash_table_new_full (GHashFunc hash_func, GEqualFunc key_equal_func, GDestroyNotify key_destroy_func, GDestroyNotify value_destroy_func);
void g_hash_table_unref (GHashTable *hash_table);
GList* g_list_append (GList *list, gpointer data);
void g_list_free (GList *list);
void g_object_unref (gpointer object);
const gchar * g_quark_to_string (GQuark quark);
gboolean g_str_equal (gconstpointer v1, gconstpointer v2);
guint g_str_hash (gconstpointer v);
gchar* g_strdup (const gchar *str);
void g_strfreev (gchar **str_array);
gboolean g_variant_get_boolean (GVariant *value);
GVariant * g_variant_get_child_value (GVariant *value, gsize index_);
const gchar * g_variant_get_string (GVariant *value, gsize *length);
const gchar * g_variant_get_type_string (GVariant *value);
guint64 g_variant_get_uint64 (GVariant *value);
GVariant * g_variant_get_variant (GVariant *value);
gsize g_variant_n_children (GVariant *value);
GVariant * g_variant_new_string (const gchar *string);
GVariant * g_variant_new_tuple (GVariant * const *children, gsize n_children);
void g_variant_unref (GVariant *value);
SecretCollection * secret_collection_for_alias_sync (SecretService *service, const gchar *alias, SecretCollectionFlags flags, GCancellable *cancellable, GError **error);
gchar * secret_collection_get_label (SecretCollection *self);
gboolean secret_collection_get_locked (SecretCollection *self);
gboolean secret_item_delete_sync (SecretItem *self, GCancellable *cancellable, GError **error);
GHashTable* secret_item_get_attributes (SecretItem *self);
guint64 secret_item_get_created (SecretItem *self);
gchar * secret_item_get_label (SecretItem *self);
gboolean secret_item_get_locked (SecretItem *self);
guint64 secret_item_get_modified (SecretItem *self);
gboolean secret_item_set_attributes_sync (SecretItem *self, const SecretSchema *schema, GHashTable *attributes, GCancellable *cancellable, GError **error);
gboolean secret_item_set_label_sync (SecretItem *self, const gchar *label, GCancellable *cancellable, GError **error);
gboolean secret_item_set_secret_sync (SecretItem *self, SecretValue *value, GCancellable *cancellable, GError **error);
gboolean secret_password_clearv_sync (const SecretSchema *schema, GHashTable *attributes, GCancellable *cancellable, GError **error);
SecretSchema * secret_schema_newv (const gchar *name, SecretSchemaFlags flags, GHashTable *attribute_names_and_types);
void secret_schema_unref (SecretSchema *schema);
GHashTable * secret_service_get_secrets_for_dbus_paths_sync (SecretService *self, const gchar **item_paths, GCancellable *cancellable, GError **error);
const gchar * secret_service_get_session_algorithms (SecretService *self);
SecretService * secret_service_get_sync (SecretServiceFlags flags, GCancellable *cancellable, GError **error);
gboolean secret_service_search_for_dbus_paths_sync (SecretService *self, const SecretSchema *schema, GHashTable *attributes, GCancellable *cancellable, gchar ***unlocked, gchar ***locked, GError **error);
GList * secret_service_search_sync (SecretService *service, const SecretSchema *schema, GHashTable *attributes, SecretSearchFlags flags, GCancellable *cancellable, GError **error);
gboolean secret_service_store_sync (SecretService *service, const SecretSchema *schema, GHashTable *attributes, const gchar *collection, const gchar *label, SecretValue *value, GCancellable *cancellable, GError **error);
gint secret_service_unlock_sync (SecretService *service, GList *objects, GCancellable *cancellable, GList **unlocked, GError **error);
const gchar * secret_value_get (SecretValue *value, gsize *length);
SecretValue * secret_value_new (const gchar *secret, gssize length, const gchar *content_type);
void secret_value_unref (gpointer value);
/* prototypes-end */

#define CSECRET_FUNCTIONS(X) \
    X(g_dbus_connection_call_sync) X(g_dbus_error_get_remote_error) X(g_dbus_error_strip_remote_error) \
    X(g_dbus_proxy_get_connection) X(g_dbus_proxy_get_name) X(g_dbus_proxy_get_object_path) \
    X(g_error_free) X(g_free) X(g_hash_table_insert) \
    X(g_hash_table_lookup) X(g_hash_table_new_full) X(g_hash_table_unref) \
    X(g_list_append) X(g_list_free) X(g_object_unref) \
    X(g_quark_to_string) X(g_str_equal) X(g_str_hash) \
    X(g_strdup) X(g_strfreev) X(g_variant_get_boolean) \
    X(g_variant_get_child_value) X(g_variant_get_string) X(g_variant_get_type_string) \
    X(g_variant_get_uint64) X(g_variant_get_variant) X(g_variant_n_children) \
    X(g_variant_new_string) X(g_variant_new_tuple) X(g_variant_unref) \
    X(secret_collection_for_alias_sync) X(secret_collection_get_label) X(secret_collection_get_locked) \
    X(secret_item_delete_sync) X(secret_item_get_attributes) X(secret_item_get_created) \
    X(secret_item_get_label) X(secret_item_get_locked) X(secret_item_get_modified) \
    X(secret_item_set_attributes_sync) X(secret_item_set_label_sync) X(secret_item_set_secret_sync) \
    X(secret_password_clearv_sync) X(secret_schema_newv) X(secret_schema_unref) \
    X(secret_service_get_secrets_for_dbus_paths_sync) X(secret_service_get_session_algorithms) X(secret_service_get_sync) \
    X(secret_service_search_for_dbus_paths_sync) X(secret_service_search_sync) X(secret_service_store_sync) \
    X(secret_service_unlock_sync) X(secret_value_get) X(secret_value_new) \
    X(secret_value_unref)

struct csecret_api {
#define CSECRET_FIELD(name) __typeof__(name) *_Nonnull name;
    CSECRET_FUNCTIONS(CSECRET_FIELD)
#undef CSECRET_FIELD
};

/* Loads libsecret (which loads glib, gobject and gio) and fills *api; glib's functions are found through it.
 * Returns 0, or -1 with the reason in error. */
static inline int csecret_load(struct csecret_api *api, char *error, size_t capacity) {
    void *handle = dlopen("libsecret-1.so.0", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(error, capacity, "%s", reason ? reason : "libsecret-1.so.0: cannot open shared object file");
        return -1;
    }
#define CSECRET_RESOLVE(name) \
    if ((*(void **)&api->name = dlsym(handle, #name)) == NULL) { \
        snprintf(error, capacity, "libsecret has no symbol %s", #name); \
        return -1; \
    }
    CSECRET_FUNCTIONS(CSECRET_RESOLVE)
#undef CSECRET_RESOLVE
    return 0;
}
#endif
