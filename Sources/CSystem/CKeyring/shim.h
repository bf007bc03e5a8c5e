// The Linux kernel key retention service (keyrings(7)) through its system calls, which glibc exposes only through
// the variadic syscall(2) that Swift cannot call: small non-variadic wrappers, no library linked (libkeyutils
// would add a package for six calls). Used by CompanionVault to cache the file vault's derived key for a bounded
// time (`companion keys unlock`).
#ifndef CKEYRING_SHIM_H
#define CKEYRING_SHIM_H

#include <linux/keyctl.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

/// The user keyring: shared by every process of this user, kept while any of them runs.
static const int32_t ckeyring_user = KEY_SPEC_USER_KEYRING;

/// add_key(2) of type "user": the key's serial number, or -1 with errno set.
static inline int32_t ckeyring_add(const char *description, const void *payload, size_t length, int32_t keyring) {
    return (int32_t)syscall(SYS_add_key, "user", description, payload, length, keyring);
}

/// KEYCTL_SEARCH for a "user" key with this description in `keyring` (and the keyrings linked from it).
static inline int32_t ckeyring_search(int32_t keyring, const char *description) {
    return (int32_t)syscall(SYS_keyctl, KEYCTL_SEARCH, keyring, "user", description, 0);
}

/// KEYCTL_READ into `buffer`: the payload's full length (which may exceed `length`), or -1 with errno set.
static inline long ckeyring_read(int32_t key, void *buffer, size_t length) {
    return syscall(SYS_keyctl, KEYCTL_READ, key, buffer, length);
}

/// KEYCTL_SET_TIMEOUT: the key expires `seconds` from now (0: never).
static inline long ckeyring_set_timeout(int32_t key, uint32_t seconds) {
    return syscall(SYS_keyctl, KEYCTL_SET_TIMEOUT, key, seconds);
}

/// KEYCTL_SETPERM: the key's permission mask (possessor, user, group, other bytes).
static inline long ckeyring_set_permissions(int32_t key, uint32_t permissions) {
    return syscall(SYS_keyctl, KEYCTL_SETPERM, key, permissions);
}

/// KEYCTL_INVALIDATE: the key is gone at once for everyone.
static inline long ckeyring_invalidate(int32_t key) {
    return syscall(SYS_keyctl, KEYCTL_INVALIDATE, key);
}


#endif
