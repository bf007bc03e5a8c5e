// The least a Swift program can do to read a secret through libsecret: one lookup, the length printed.
import CFloor

@main struct Lookup {
    static func main() {
        if let secret = floor_lookup() { print(strlen(secret)) } else { print("none") }
    }
}
