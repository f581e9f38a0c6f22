# Sourced by the scripts that run the release build of `intentkit` or libCIntentKit:
#
#   release_build intentkit CIntentKit    # builds those products; $release is their folder
#
# Run alone, a script builds its products into .build/release. Under scripts/test, which builds
# every product and the unit tests once (release, -enable-testing) into .build-test and exports
# INTENTKIT_TEST_BUILD, nothing is built again: $release is that build's folder.
release_build() {
    if [[ -n ${INTENTKIT_TEST_BUILD:-} ]]; then
        release=$INTENTKIT_TEST_BUILD
        return
    fi
    local product
    for product in "$@"; do
        swift build -c release --product "$product" 2>&1 | tail -n 1 >&2
    done
    release=$PWD/.build/release
}
