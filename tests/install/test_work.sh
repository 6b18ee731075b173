# Sourced by the install tests (TEST_NAME=name; . "$(dirname "$0")/test_work.sh"):
# WORK, a fresh scratch folder named after TEST_NAME, removed on exit
# unless KEEP_WORK is set, and fail MESSAGE, which ends the test.
WORK=$(mktemp -d "${TMPDIR:-/tmp}/retro-$TEST_NAME-test.XXXXXX")
[ -n "${KEEP_WORK:-}" ] || trap 'rm -rf "$WORK"' EXIT INT TERM

fail() {
  echo "FAILED: $*" >&2
  exit 1
}
