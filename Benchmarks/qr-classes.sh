#!/usr/bin/env bash
# Generates labelled QR sets, one directory per failure class, into DIR (default .build/qr-classes): each image
# with a NAME.txt holding the exact expected text. Codes from the `qrencode` CLI, distortions from ImageMagick,
# fixed seeds, so every run produces the same images. Each class runs from mild to severe (eight images), then
# three times more from a distance (modules of 1.6, 1.44 and 1.32 pixels).
#   Benchmarks/qr-classes.sh [DIR]
# QR_CORPUS_OFFSET=N shifts every payload and noise seed: a holdout set of the same classes.
# Classes: rotation, perspective, lowcontrast, inverted, blur, noise, finder (damaged or partly covered finder
# patterns), small (modules of 1.2 to 2 pixels), shadow (uneven lighting), jpeg (artefacts).
set -euo pipefail
out=${1:-.build/qr-classes}
offset=${QR_CORPUS_OFFSET:-0}
IM=$(command -v magick || command -v convert) || { echo "qr-classes: install imagemagick" >&2; exit 1; }
command -v qrencode >/dev/null || { echo "qr-classes: install qrencode" >&2; exit 1; }
classes=(rotation perspective lowcontrast inverted blur noise finder small shadow jpeg)
for class in "${classes[@]}" src; do rm -rf "${out:?}/$class"; mkdir -p "$out/$class"; done

payload() { # INDEX
    case $(($1 % 4)) in
        0) printf '{"code":"%06d","name":"ws-%d","protocol":"companionkit-pairing","token":"tok%dAbCdEfGhIjKlMnOpQr","url":"http://10.0.0.%d:7878","version":1}' \
            $((100000 + $1 * 7919 % 900000)) "$1" "$1" $((2 + $1 % 250)) ;;
        1) printf 'https://example.org/app/#pair=1.%d.%x' "$1" $(($1 * 2654435761 % 4294967296)) ;;
        2) printf 'Grüße %d – 東京 🚀 ñandú' "$1" ;;
        3) for k in $(seq 1 $((6 + $1 % 10))); do printf 'item-%d-%d;' "$1" "$k"; done ;;
    esac
}

n=0
# make CLASS ARGS...: a level-M (LEVEL=) code at SCALE (default 6) pixels per module, 4-module margin, through
# ImageMagick's ARGS (single-quoted $W and $H in them are the clean image's width and height); saved as EXT (default png).
make() {
    local class=$1
    shift
    local name="$class-$n" ext=${EXT:-png}
    payload $((n + 500 + offset)) >"$out/$class/$name.txt"
    qrencode -8 -l "${LEVEL:-M}" -s "${SCALE:-6}" -m 4 -o "$out/src/$name.png" <"$out/$class/$name.txt"
    local W H argument arguments=()
    W=$(identify -format '%w' "$out/src/$name.png")
    H=$(identify -format '%h' "$out/src/$name.png")
    # Arguments may use $W and $H (the clean image's size), expanded here.
    for argument in "$@"; do eval "argument=\"$argument\""; arguments+=("$argument"); done
    "$IM" "$out/src/$name.png" "${arguments[@]}" -define png:exclude-chunks=date,time "$out/$class/$name.$ext"
    n=$((n + 1))
}
seed() { echo $(($1 + offset)); }

# Rotation at many angles, with the softening and noise of a real capture.
for a in 8 17 26 33 41 52 63 77; do
    make rotation -background white -rotate "$a" -blur 0x1.4 -seed "$(seed $a)" -attenuate 1.5 +noise Gaussian
done
# Perspective: the code seen at a slant (one side shorter), then softened.
for k in 1 2 3 4 5 6 7 8; do
    d=$((k * 11))
    make perspective -bordercolor white -border 20 -virtual-pixel white -distort Perspective \
        "0,0 $d,$((d / 2))  \$((W+39)),0 \$((W+39-$d/3)),$d  0,\$((H+39)) $((d / 3)),\$((H+39-$d))  \$((W+39)),\$((H+39)) \$((W+39)),\$((H+39))" \
        -blur "0x$((k % 3)).$((k * 3 % 10))"
done
# Low contrast: the whole range squeezed to 24 down to 4 % of it, plus sensor noise.
k=0
for range in 38,62 40,60 42,58 44,56 45,55 46,54 47,53 48,52; do
    k=$((k + 1))
    make lowcontrast +level "${range/,/%,}%" -seed "$(seed $k)" -attenuate 0.6 +noise Gaussian
done
# Inverted (light on dark), with the other troubles of a dark-mode screenshot photographed.
for k in 1 2 3 4 5 6 7 8; do
    make inverted -negate +level "$((k * 3))%,$((100 - k * 4))%" -blur "0x$((k / 3)).$((k * 4 % 10))" \
        -seed "$(seed $k)" -attenuate "$((k / 4)).$((k * 3 % 10))" +noise Gaussian
done
# Blur: defocus of increasing strength.
for s in 1.8 2.1 2.4 2.7 3.0 3.3 3.6 3.9; do make blur -blur "0x$s"; done
# Noise: heavy Gaussian sensor noise.
for k in 1 2 3 4 5 6 7 8; do make noise -seed "$(seed $k)" -attenuate "$((2 + k / 2)).$((k * 5 % 10))" +noise Gaussian; done
# Damaged or partly covered finder patterns (level H: the data survives, the locator is what is hurt):
# a smudge, a sticker, a fold, ink bleed, a corner cut, two finders hurt.
LEVEL=H make finder -fill white -draw "rectangle 24,24 45,45"
LEVEL=H make finder -fill white -draw "circle 45,45 52,45"
LEVEL=H make finder -fill 'gray(55%)' -draw "rectangle 24,30 66,48"
LEVEL=H make finder -fill black -draw "rectangle 30,30 60,60"
LEVEL=H make finder -fill white -draw "polygon 0,0 58,0 0,58"
LEVEL=H make finder -fill white -draw "rectangle 24,40 40,66" -draw 'rectangle $((W-40)),24 $((W-24)),40'
LEVEL=H make finder -fill 'gray(70%)' -draw 'circle 45,$((H-45)) 57,$((H-45))' -blur 0x1
LEVEL=H make finder -fill black -draw "rectangle 24,24 66,30" -draw "rectangle 24,24 30,66" -blur 0x0.8
# Small modules: 1.2 to 2 pixels per module, resampled smoothly (a distant or low-resolution capture).
for k in 1 2 3 4 5 6 7 8; do SCALE=5 make small -filter Triangle -resize "$((22 + k * 2))%"; done
# Uneven lighting: a shadow across the code (hard or soft edge) or a strong vignette, dark modules stay dark.
for k in 1 2 3 4 5 6 7 8; do
    g=$((18 + k * 4))
    case $((k % 3)) in
        0) shade=(\( +clone -sparse-color Barycentric "0,0 gray($g%) %w,%h white" \)) ;;
        1) shade=(\( +clone -fill white -colorize 100 -fill "gray($g%)" -draw 'polygon 0,0 $((W*7/10)),0 $((W*3/10)),$H 0,$H' -blur "0x$k" \)) ;;
        2) shade=(\( +clone -sparse-color Shepards '$((W/2)),$((H/2)) white 0,0 gray($g%) $W,$H gray($g%)' \)) ;;
    esac
    make shadow "${shade[@]}" -compose multiply -composite -seed "$(seed $k)" -attenuate 0.5 +noise Gaussian
done
# JPEG artefacts: downscaled and saved at very low quality.
for q in 3 4 5 6 7 8 9 10; do EXT=jpg make jpeg -resize 50% -quality "$q"; done
# Each class again from a distance: modules of 1.6, 1.44 and 1.32 pixels (4-pixel modules resized to 40, 36, 33 %).
for f in 40 36 33; do
    far=(-filter Triangle -resize "$f%")
    SCALE=4 make rotation -background white -rotate "$((f - 7))" "${far[@]}" -seed "$(seed $f)" -attenuate 0.8 +noise Gaussian
    SCALE=4 make perspective -bordercolor white -border 20 -virtual-pixel white -distort Perspective \
        '0,0 15,8  $((W+39)),0 $((W+34)),15  0,$((H+39)) 5,$((H+24))  $((W+39)),$((H+39)) $((W+39)),$((H+39))' "${far[@]}"
    SCALE=4 make lowcontrast +level 40%,60% "${far[@]}" -seed "$(seed $f)" -attenuate 0.3 +noise Gaussian
    SCALE=4 make inverted -negate "${far[@]}"
    SCALE=4 make blur -blur 0x1.6 "${far[@]}"
    SCALE=4 make noise "${far[@]}" -seed "$(seed $f)" -attenuate 1.2 +noise Gaussian
    LEVEL=H SCALE=4 make finder -fill white -draw "rectangle 16,16 30,30" "${far[@]}"
    SCALE=4 make small -filter Triangle -resize "$((f - 10))%"
    SCALE=4 make shadow \( +clone -sparse-color Barycentric "0,0 gray(30%) %w,%h white" \) -compose multiply \
        -composite "${far[@]}"
    EXT=jpg SCALE=4 make jpeg "${far[@]}" -quality 20
done
rm -rf "${out:?}/src"
echo "qr-classes: $n images in ${#classes[@]} classes in $out"
