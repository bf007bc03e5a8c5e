/* Microseconds per libsodium Ed25519 verification (crypto_sign_verify_detached) of a 200-byte message:
 * the fixed cost every signed request adds on the sidecar. Built and run by Benchmarks/sidecar-wrk.sh. */
#include <sodium.h>
#include <stdio.h>
#include <time.h>

int main(void) {
    if (sodium_init() < 0) return 1;
    unsigned char pk[crypto_sign_PUBLICKEYBYTES], sk[crypto_sign_SECRETKEYBYTES], sig[crypto_sign_BYTES], m[200];
    randombytes_buf(m, sizeof m);
    crypto_sign_keypair(pk, sk);
    crypto_sign_detached(sig, NULL, m, sizeof m, sk);
    const int rounds = 20000;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int i = 0; i < rounds; i++) {
        if (crypto_sign_verify_detached(sig, m, sizeof m, pk) != 0) return 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double ns = (end.tv_sec - start.tv_sec) * 1e9 + (end.tv_nsec - start.tv_nsec);
    printf("%.1f\n", ns / rounds / 1000.0);
    return 0;
}
