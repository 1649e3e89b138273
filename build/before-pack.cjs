/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS hook that electron-builder require()s */
// electron-builder beforePack hook: the local copy's engine must be packed for the target, or the
// installer would start and then fail to open its database.
const { existsSync } = require('node:fs');
const path = require('node:path');

/** electron-builder's Arch enum (builder-util), by number. */
const ARCH_NAMES = ['ia32', 'x64', 'armv7l', 'arm64', 'universal'];

const PLATFORM_NAMES = { linux: 'Linux', darwin: 'macOS', mas: 'macOS', win32: 'Windows' };

/**
 * The @libsql packages (libsql's prebuilt N-API engine, one per platform and C library) that a
 * target needs, as libsql's own loader names them; null where libsql publishes none. Linux
 * packages are the glibc builds: the app's Linux targets (AppImage, deb) are glibc systems.
 */
function libsqlPackages(platform, arch) {
  const byTarget = {
    'linux-x64': ['linux-x64-gnu'],
    'linux-arm64': ['linux-arm64-gnu'],
    'darwin-x64': ['darwin-x64'],
    'darwin-arm64': ['darwin-arm64'],
    'darwin-universal': ['darwin-x64', 'darwin-arm64'],
    'win32-x64': ['win32-x64-msvc'],
  };
  const key = `${platform === 'mas' ? 'darwin' : platform}-${arch}`;
  return byTarget[key] ? byTarget[key].map((name) => `@libsql/${name}`) : null;
}

/** Why this target cannot be packed here, in plain words, or null when it can. */
function missingEngine(platform, arch, projectDir) {
  const where = `${PLATFORM_NAMES[platform] ?? platform} ${arch}`;
  const needed = libsqlPackages(platform, arch);
  if (!needed) return `The local copy's engine (libsql) has no build for ${where}, so this app cannot be packaged for it.`;
  const missing = needed.filter((name) => !existsSync(path.join(projectDir, 'node_modules', name, 'package.json')));
  if (!missing.length) return null;
  return `Cannot package for ${where}: ${missing.join(' and ')} (the local copy's database engine for that system) is not installed here. ` +
    `npm installs it only on ${where} itself, so build this installer on that system (\`npm ci\`, then \`npm run dist\`), for example in a CI job per platform. See docs/packaging.md.`;
}

async function beforePack(context) {
  const arch = ARCH_NAMES[context.arch] ?? String(context.arch);
  const projectDir = context.packager.info?.projectDir ?? context.packager.projectDir ?? process.cwd();
  const problem = missingEngine(context.electronPlatformName, arch, projectDir);
  if (problem) {
    // electron-builder prints the message and stops; a stack would only hide it.
    const error = new Error(problem);
    error.stack = problem;
    throw error;
  }
}

module.exports = beforePack;
module.exports.default = beforePack;
module.exports.libsqlPackages = libsqlPackages;
module.exports.missingEngine = missingEngine;
