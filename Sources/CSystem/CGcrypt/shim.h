/* libgcrypt, for the Secret Service's encrypted transfer session (dh-ietf1024-sha256-aes128-cbc-pkcs7): the
 * Diffie-Hellman exponentiation, HMAC-SHA-256 and AES-128-CBC, the primitives libsecret itself uses for it.
 * Debian's libsecret is built with libgcrypt (not GnuTLS), so linking it here adds no library at start. */
#include <gcrypt.h>

/* gcry_control is variadic, which Swift cannot call: initialise once (unless libsecret already has, with its own
 * secure-memory handlers), with secure memory for the private exponent and the shared secret, a pool that grows
 * on demand (libsecret's own sessions in the same process then use it too, as its handlers are not installed),
 * and without gcrypt's "using insecure memory" warning on standard error when mlock is not allowed. Returns 0 on
 * success. */
static inline int cgcrypt_initialize(void) {
    if (gcry_control(GCRYCTL_INITIALIZATION_FINISHED_P)) return 0;
    if (gcry_check_version(NULL) == NULL) return -1;
    gcry_control(GCRYCTL_DISABLE_SECMEM_WARN);
    gcry_control(GCRYCTL_INIT_SECMEM, 32768, 0);
    gcry_control(GCRYCTL_AUTO_EXPAND_SECMEM, 32768, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    return 0;
}
