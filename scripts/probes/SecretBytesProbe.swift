// Code outside CompanionKit's package (an embedding app) trying to read a secret's bytes: must not compile.
// scripts/check-secret-bytes.sh type-checks it against the built CompanionCrypto module.
import CompanionCrypto

let secret = SecureBytes(count: 32)
let leaked = secret.withUnsafeBytes { Array($0) }
secret.withUnsafeMutableBytes { $0[0] = 1 }
