/* The D-Bus path functions (secret-paths.h: search returning object paths, secrets fetched by path) let a read
 * skip libsecret's item proxies, each of which costs several D-Bus round trips. They have been part of libsecret
 * since 0.18 but are declared only when the caller acknowledges them as "subject to change". */
#define SECRET_API_SUBJECT_TO_CHANGE 1
#include <libsecret/secret.h>
