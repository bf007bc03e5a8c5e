// The floor program's one call: secret_password_lookup_sync is variadic, which Swift cannot call.
#include <libsecret/secret.h>
static inline char *floor_lookup(void) {
    static const SecretSchema schema = {
        "org.freedesktop.Secret.Generic", SECRET_SCHEMA_DONT_MATCH_NAME,
        { { "service", SECRET_SCHEMA_ATTRIBUTE_STRING }, { "name", SECRET_SCHEMA_ATTRIBUTE_STRING }, { NULL, 0 } } };
    GError *error = NULL;
    return secret_password_lookup_sync(&schema, NULL, &error, "service", "companionkit-floor", "name", "ref", NULL);
}
