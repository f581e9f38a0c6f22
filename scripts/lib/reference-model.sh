# Sourced by the scripts that measure on the reference SNIPS model: builds the release binary
# (installing what is missing first) and trains out/snips.model once, the way the accuracy gate
# does (SNIPS train, early stopping on valid, seed 1); later runs reuse the file. Sets
# $intentkit (the binary) and $reference_model (the model's path).
#
#   source scripts/lib/reference-model.sh     # from the repository's root
source scripts/setup
swift build -c release --product intentkit 2>&1 | tail -n 1 >&2
intentkit=.build/release/intentkit
reference_model=out/snips.model
if [[ ! -f $reference_model ]]; then
    mkdir -p out
    echo "training $reference_model (SNIPS train, dev = valid, seed 1)" >&2
    $intentkit train ../shared/corpora/snips-split/train --dev ../shared/corpora/snips-split/valid --seed 1 --no-encoder \
        --output "$reference_model" 2> out/snips.log
fi
