#!/usr/bin/env bash
# Regenerates the QR decoder's test vectors: NAME.{png,jpg,pgm,ppm} + NAME.txt (the exact expected text, no
# trailing newline). Codes come from the independent `qrencode` CLI (Debian qrencode), distortions from
# ImageMagick (Debian imagemagick), so the decoder is not only tested on our own encoder's output.
# Deterministic: fixed texts and fixed noise seeds.   Usage: TestVectors/qr/generate.sh
set -euo pipefail
cd "$(dirname "$0")"
command -v qrencode >/dev/null || { echo "generate.sh: install qrencode (apt-get install qrencode)" >&2; exit 1; }
IM=$(command -v magick || command -v convert) || { echo "generate.sh: install imagemagick" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Writes NAME.txt with exactly TEXT, and a clean qrencode PNG of it to $work/NAME.png (module size S, margin M).
base() { # NAME TEXT [S] [M] [LEVEL]
    printf '%s' "$2" >"$1.txt"
    printf '%s' "$2" | qrencode -8 -l "${5:-M}" -s "${3:-6}" -m "${4:-4}" -o "$work/$1.png"
}
im() { "$IM" -define png:exclude-chunks=date,time "$@"; }

# The brief's sample qrPayload, in QRPayload's compact sorted-key JSON form.
payload='{"code":"123456","expiresAt":"2026-02-25T10:00:00.000Z","fingerprint":"SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU","name":"workstation","protocol":"companionkit-pairing","token":"q3JmYy1vbmx5LXRlc3QtdG9rZW4tMTIzNDU2Nzg","url":"http://192.168.1.20:7878","version":1}'
base pairing-payload "$payload"
cp "$work/pairing-payload.png" pairing-payload.png

# The same invitation as the phone link the QR holds since issue 31 (QRPayload+Link: `<url>/app/#pair=…`).
link='http://192.168.1.20:7878/app/#pair=1.123456.q3JmYy1vbmx5LXRlc3QtdG9rZW4tMTIzNDU2Nzg.1772013600.2.47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU..workstation'
base pairing-link "$link"
cp "$work/pairing-link.png" pairing-link.png

base utf8 'Grüße aus Köln – 東京タワー 🚀 ñandú, Ελληνικά, кириллица'
cp "$work/utf8.png" utf8.png

# 646 bytes at level M: version 20 (97x97 modules).
large=$(for i in $(seq 1 34); do printf 'line-%02d:abcdefghij ' "$i"; done)
base large "$large" 3
cp "$work/large.png" large.png

base inverted "inverted: light modules on a dark background"
im "$work/inverted.png" -negate inverted.png

# One pixel per module and only a 2-module margin (25x25 pixels): zbar needs the upscaling pass.
base tiny "tiny" 1 2
cp "$work/tiny.png" tiny.png

base rotated "rotated 30 degrees"
im "$work/rotated.png" -background white -rotate 30 rotated.png

base low-contrast "low contrast: grey on grey"
im "$work/low-contrast.png" +level 42%,58% low-contrast.png

# A "photo": perspective, blur, uneven lighting, sensor noise, JPEG at quality 55.
base photo "$payload" 8
im "$work/photo.png" -bordercolor white -border 40 -virtual-pixel white \
    -distort Perspective '0,0 30,20  519,0 480,45  0,519 10,490  519,519 500,505' \
    \( -size 599x599 gradient:'#ffffff-#707070' \) -compose multiply -composite \
    -blur 0x1.2 -seed 7 -attenuate 0.6 +noise Gaussian -quality 55 photo.jpg
cp pairing-payload.txt photo.txt

# Every PNG flavour the decoder reads, all of the same code.
base formats "PNG, JPEG and Netpbm flavours" 3
for name in png-gray16 png-interlaced png-palette png-rgb png-rgba png-gray-alpha jpeg-gray pgm-ascii pgm-binary \
    pgm-binary16 ppm-ascii ppm-binary; do
    cp formats.txt "$name.txt"
done
rm formats.txt
im "$work/formats.png" -depth 16 -define png:bit-depth=16 -define png:color-type=0 PNG48:png-gray16.png
im "$work/formats.png" -interlace PNG -define png:color-type=0 -define png:bit-depth=8 png-interlaced.png
im "$work/formats.png" -fill '#202080' -opaque black -fill '#f0f0c0' -opaque white PNG8:png-palette.png
im "$work/formats.png" -fill '#103010' -opaque black -fill '#fff8e0' -opaque white -define png:color-type=2 PNG24:png-rgb.png
# Light modules fully transparent: only flattening onto white (not black) keeps them light.
im "$work/formats.png" -fill '#204060' -opaque black -transparent white PNG32:png-rgba.png
im "$work/formats.png" -transparent white -define png:color-type=4 png-gray-alpha.png
im "$work/formats.png" -colorspace Gray -quality 80 jpeg-gray.jpg
im "$work/formats.png" -compress none pgm-ascii.pgm
im "$work/formats.png" pgm-binary.pgm
im "$work/formats.png" -depth 16 pgm-binary16.pgm
im "$work/formats.png" -fill '#300000' -opaque black -compress none ppm-ascii.ppm
im "$work/formats.png" -fill '#000030' -opaque black ppm-binary.ppm

ls -l
