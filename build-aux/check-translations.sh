#!/usr/bin/env bash
# Checks the translations in po/: every language of po/LINGUAS passes
# `msgfmt --check` (with one mnemonic wherever the English has one), has
# no untranslated and no fuzzy message, and translates every message the
# sources have now (a fresh template made with xgettext from po/POTFILES);
# and every file of src/app with translatable strings is
# listed in po/POTFILES. Prints what is wrong; exit status 1 if anything is.
#
#   build-aux/check-translations.sh [SOURCE_ROOT]
set -uo pipefail

root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root" || exit 2

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() {
  echo "FAIL: $*"
  status=1
}

# Sources with strings for gettext, in C (_( N_( C_( NC_( ngettext) or in
# GtkBuilder files (translatable="yes"), must be in POTFILES.
grep -v '^#' po/POTFILES | sed '/^[[:space:]]*$/d' >"$tmp/potfiles"
for f in $(find src/app -name "*.c" -o -name "*.ui" | LC_ALL=C sort); do
  [ -e "$f" ] || continue
  if grep -qE '(^|[^A-Za-z0-9_])(N?C?_|g_dngettext|ngettext)\(|translatable="yes"' "$f" &&
     ! grep -qxF "$f" "$tmp/potfiles"; then
    fail "$f has translatable strings but is not in po/POTFILES"
  fi
done
while read -r f; do
  [ -e "$f" ] || fail "po/POTFILES lists $f, which does not exist"
done <"$tmp/potfiles"

# The template as the sources are now, with the keywords of meson's glib
# preset that matter for which messages there are.
if ! xgettext --from-code=UTF-8 --package-name=jieqi \
       --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
       --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
       --files-from="$tmp/potfiles" -o "$tmp/jieqi.pot" 2>"$tmp/xgettext.err"; then
  cat "$tmp/xgettext.err"
  fail "xgettext could not read the sources"
fi

while read -r lang; do
  case "$lang" in ''|'#'*) continue ;; esac
  po=po/$lang.po
  if [ ! -f "$po" ]; then
    fail "$po is missing"
    continue
  fi
  if ! stats=$(msgfmt --check --check-accelerators=_ --statistics -o /dev/null "$po" 2>&1); then
    echo "$stats"
    fail "$po does not pass msgfmt --check"
    continue
  fi
  echo "$lang: $stats"
  untranslated=$(msgattrib --untranslated --no-obsolete "$po")
  [ -z "$untranslated" ] || { echo "$untranslated"; fail "$po has untranslated messages"; }
  fuzzy=$(msgattrib --only-fuzzy --no-obsolete "$po")
  [ -z "$fuzzy" ] || { echo "$fuzzy"; fail "$po has fuzzy messages"; }
  # Merged with the fresh template, the file must still have nothing
  # untranslated: a message the sources gained since is missing from it.
  if [ -f "$tmp/jieqi.pot" ]; then
    if ! msgmerge --quiet --no-fuzzy-matching -o "$tmp/$lang.po" "$po" "$tmp/jieqi.pot"; then
      fail "$po cannot be merged with the sources' messages"
    else
      missing=$(msgattrib --untranslated --no-obsolete "$tmp/$lang.po")
      if [ -n "$missing" ]; then
        echo "$missing"
        fail "$po lacks messages that are in the sources (run the jieqi-update-po target and translate them)"
      fi
    fi
  fi
done <po/LINGUAS

[ "$status" -eq 0 ] && echo "translations complete"
exit "$status"
