# Sourced by the scripts that run the scikit-learn intent baseline (scripts/peers/intent_baseline.py)
# or other scikit-learn experiments: installs the pinned scikit-learn into .venv-intents/ when it
# is missing and sets $venv to that directory (its Python is "$venv/bin/python").
#
#   source scripts/lib/scikit-learn.sh     # from the repository's root
venv=.venv-intents
if ! "$venv/bin/python" -c "import sklearn; assert sklearn.__version__ == '1.5.2'" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q "scikit-learn==1.5.2"
fi
