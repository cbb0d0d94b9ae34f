#!/usr/bin/env bash
# The Debian packages the tests need, checked first by `npm test` (scripts/test.sh) and by `.ci/run` (decision 0074):
# Chromium's headless shell for most browser tests and the full browser for web push and installability (decision
# 0060), the Noto fonts so Urdu, Khmer, Burmese, Chinese and the country flags render, and for the cross-engine tests
# (decision 0076) WebKitGTK's WebDriver (with its MiniBrowser), Firefox ESR and Xvfb.
# All present: silent, exit 0, in milliseconds (one dpkg-query, no apt). Some missing: as root with apt-get, installs
# them (apt-get update + install, non-interactive); otherwise names them and the one line that installs them, exit 1.
# Runs nothing but dpkg-query, id and apt-get (tests/unit/scripts/system-packages.test.ts puts stand-ins on PATH).
set -uo pipefail

PACKAGES=(chromium chromium-headless-shell fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji webkit2gtk-driver firefox-esr xvfb)

# Prints the packages of PACKAGES that dpkg does not record as installed, one a line. dpkg-query names each package
# it knows with its status, and complains on stderr (exit 1) about any it has never heard of: both count as missing.
missing_packages() {
  local -A installed=()
  local name status package
  while read -r name status; do
    [ "$status" = "installed" ] && installed[$name]=1
  done < <(dpkg-query -W -f='${Package} ${db:Status-Status}\n' "${PACKAGES[@]}" 2>/dev/null)
  for package in "${PACKAGES[@]}"; do
    [ -n "${installed[$package]:-}" ] || echo "$package"
  done
}

if ! command -v dpkg-query >/dev/null; then
  echo "npm test runs its browser tests in Debian's Chromium (/usr/bin/chromium-headless-shell and /usr/bin/chromium)," >&2
  echo "WebKitGTK and Firefox ESR, with Debian's Noto fonts; this machine has no dpkg to check for them. Run the tests on" >&2
  echo "Debian or Ubuntu, with:" >&2
  echo "  sudo apt-get install ${PACKAGES[*]}" >&2
  exit 1
fi

mapfile -t missing < <(missing_packages)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "== installing from Debian: ${missing[*]}"
  apt-get update || exit 1
  DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}" || exit 1
  mapfile -t missing < <(missing_packages)
  [ ${#missing[@]} -eq 0 ] && exit 0
  echo "apt-get did not install: ${missing[*]}" >&2
  exit 1
fi

echo "The tests need Debian packages this machine does not have: ${missing[*]}." >&2
echo "Install them, then run the tests again:" >&2
echo "  sudo apt-get install ${missing[*]}" >&2
exit 1
