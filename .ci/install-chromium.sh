#!/bin/sh
# Installs Debian's headless-capable Chromium for BrowserCheck (maven-plugin/src/it/tools/BrowserCheck.java).
# Idempotent: does nothing when /usr/bin/chromium exists. Noninteractive. Needs root (uses sudo when not root).
# Checked on Debian 12 (bookworm): chromium 156.0.8078.79-1~deb12u1, 25 packages, about 1 minute.
# --no-install-recommends keeps it small; pages render with the DejaVu fonts already present
# (fonts-dejavu-core); add fonts-liberation if a page needs metric-compatible Arial/Times.
set -eu
if [ -x /usr/bin/chromium ]; then
  echo "chromium already installed: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium fonts-dejavu-core
/usr/bin/chromium --version
