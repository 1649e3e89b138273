/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS hook that electron-builder require()s */
// electron-builder afterPack hook: flips Electron fuses on the packaged binary before signing.
const path = require('node:path');

/**
 * Every fuse of the installed @electron/fuses, by name, with the value this app ships with.
 * strictlyRequireAllFuses makes flipping fail when a new Electron adds a fuse not listed here,
 * and test/unit/main/packaging.test.ts fails on one too.
 */
const FUSES = {
  RunAsNode: false,
  EnableCookieEncryption: true,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  // Only the main window's bundled snapshot is used; no separate browser-process snapshot.
  LoadBrowserProcessSpecificV8Snapshot: false,
  // Nothing is loaded over file:// (the app is app://, PDFs are served from memory).
  GrantFileProtocolExtraPrivileges: false,
  // V8's guard-page traps for WebAssembly bounds checks: Electron's default, kept.
  WasmTrapHandlers: true,
};

/** The Electron executable inside appOutDir for each platform. */
function executablePath(context) {
  const { electronPlatformName, appOutDir, packager } = context;
  const name = packager.appInfo.productFilename;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') return path.join(appOutDir, `${name}.app`);
  if (electronPlatformName === 'win32') return path.join(appOutDir, `${name}.exe`);
  return path.join(appOutDir, packager.executableName);
}

/** The fuse configuration for @electron/fuses (its option enum maps names to wire positions). */
function fuseConfig(fuses) {
  const byPosition = {};
  for (const [name, value] of Object.entries(FUSES)) {
    if (!(name in fuses.FuseV1Options)) throw new Error(`@electron/fuses knows no fuse named ${name}`);
    byPosition[fuses.FuseV1Options[name]] = value;
  }
  return { version: fuses.FuseVersion.V1, strictlyRequireAllFuses: true, ...byPosition };
}

async function afterPack(context) {
  // @electron/fuses 2 is an ES module.
  const fuses = await import('@electron/fuses');
  await fuses.flipFuses(executablePath(context), {
    ...fuseConfig(fuses),
    // Flipping fuses invalidates the ad-hoc signature on macOS; electron-builder signs afterwards.
    resetAdHocDarwinSignature: context.electronPlatformName === 'darwin',
  });
}

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.FUSES = FUSES;
module.exports.fuseConfig = fuseConfig;
module.exports.executablePath = executablePath;
