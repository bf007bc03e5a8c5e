#!/usr/bin/env bash
# Generates the QR benchmark corpus into DIR (default .build/qr-bench): DIR/clean and DIR/hard, each image with a
# NAME.txt holding the exact expected text. Codes come from the `qrencode` CLI, distortions from ImageMagick, with
# fixed seeds, so every run produces the same corpus.
#   Benchmarks/qr-corpus.sh [DIR]
# QR_CORPUS_OFFSET=N shifts every payload (and the hard set's noise seeds): a different corpus of the same kinds,
# for checking that the decoder's passes were not tuned to one set of images.
set -euo pipefail
out=${1:-.build/qr-bench}
offset=${QR_CORPUS_OFFSET:-0}
IM=$(command -v magick || command -v convert) || { echo "qr-corpus: install imagemagick" >&2; exit 1; }
command -v qrencode >/dev/null || { echo "qr-corpus: install qrencode" >&2; exit 1; }
rm -rf "$out/clean" "$out/hard" "$out/src"
mkdir -p "$out/clean" "$out/hard" "$out/src"

# Payloads: pairing-like JSON, URLs, UTF-8 text, and longer data.
payload() { # INDEX
    case $(($1 % 4)) in
        0) printf '{"code":"%06d","expiresAt":"2026-02-25T10:%02d:00.000Z","name":"ws-%d","protocol":"companionkit-pairing","token":"tok%dAbCdEfGhIjKlMnOpQrStUvWxYz0123","url":"http://192.168.1.%d:7878","version":1}' \
            $((100000 + $1 * 7919 % 900000)) $(($1 % 60)) "$1" "$1" $((2 + $1 % 250)) ;;
        1) printf 'https://example.org/pair?id=%d&s=%x' "$1" $(($1 * 2654435761 % 4294967296)) ;;
        2) printf 'Grüße %d – 東京 🚀 ñandú' "$1" ;;
        3) for k in $(seq 1 $((8 + $1 % 12))); do printf 'item-%d-%d;' "$1" "$k"; done ;;
    esac
}

# Clean set: straight qrencode output at several module sizes and levels.
levels=(L M Q H)
for i in $(seq 0 39); do
    payload $((i + offset)) >"$out/clean/c$i.txt"
    qrencode -8 -l "${levels[$((i % 4))]}" -s $((3 + i % 6)) -m 4 -o "$out/clean/c$i.png" <"$out/clean/c$i.txt"
done

# Hard set: each distortion at several strengths, on different payloads.
n=0
hard() { # KIND ARGS... (ImageMagick operators applied to a 6-px-per-module source)
    local kind=$1
    shift
    local name="$kind-$n" ext=${EXT:-png}
    payload $((n + 100 + offset)) >"$out/hard/$name.txt"
    qrencode -8 -l M -s "${SCALE:-6}" -m 4 -o "$out/src/$name.png" <"$out/hard/$name.txt"
    "$IM" "$out/src/$name.png" "$@" "$out/hard/$name.$ext"
    n=$((n + 1))
}
for s in 1.6 2.0 2.4 2.8 3.2; do hard blur -blur "0x$s"; done
for a in 5 12 20 28 37 45; do hard rotate -background white -rotate "$a"; done
for k in 1 2 3 4 5; do
    d=$((k * 14))
    hard perspective -filter point -resize 300x300 -bordercolor white -border 30 -virtual-pixel white \
        -filter Triangle -distort Perspective \
        "0,0 $d,$((d / 2))  359,0 $((359 - d / 3)),$d  0,359 $((d / 2)),$((359 - d))  359,359 359,359"
done
for k in 1 2 3 4 5; do hard noise -seed "$((k + offset))" -attenuate "$((k + 2))" +noise Gaussian; done
for k in 1 2 3 4 5; do
    # A bright spot fading across the code: screen-blended, so dark modules turn light grey under it.
    g=$((195 + k * 12))
    hard glare \( +clone -sparse-color Shepards "20,20 rgb($g,$g,$g) 260,260 black" \) -compose screen -composite
done
for k in 1 2 3 4 5; do SCALE=4 hard small -filter Triangle -resize "$((24 + k * 4))%"; done
for q in 4 6 8 10 12; do EXT=jpg hard jpeg -resize 55% -quality "$q"; done
for k in 0 1 2 3 4; do hard inverted -negate -blur "0x$((k * 6 / 10)).$((k * 6 % 10))"; done
for k in 1 2 3 4 5; do hard lowcontrast +level "$((40 + k * 2))%,$((60 - k * 2))%" -seed "$((k + offset))" -attenuate 0.5 +noise Gaussian; done
for k in 1 2 3 4 5; do
    EXT=jpg hard photo -bordercolor white -border 40 -background white -rotate "$((k * 7))" \
        \( +clone -sparse-color Barycentric "0,0 #fff %w,%h #777" \) -compose multiply -composite \
        -blur "0x$k.5" -seed "$((k + offset))" -attenuate 0.7 +noise Gaussian -quality 40
done
# Large photos (about 5 megapixels) with heavy sensor noise: averaging while downscaling recovers them.
for k in 1 2; do
    SCALE=16 EXT=jpg hard huge -bordercolor white -border 700x450 -resize 150% -seed "$((k + offset))" -attenuate "$((k + 2))" \
        +noise Gaussian -quality 70
done
rm -rf "$out/src"
echo "qr-corpus: $(ls "$out/clean" | grep -c txt) clean and $(ls "$out/hard" | grep -c txt) hard images in $out"
