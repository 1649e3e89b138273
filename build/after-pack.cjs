/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS hook that electron-builder require()s */
// electron-builder afterPack hook: flips Electron fuses on the packaged binary before signing.
const path = require('node:path');
const { flipFuses, FuseVersion, FuseV1Options } = require('@electron/fuses');

/** Fuses this app ships with (see README "Packaging"). */
const FUSES = {
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.EnableCookieEncryption]: true,
};

/** The Electron executable inside appOutDir for each platform. */
function executablePath(context) {
  const { electronPlatformName, appOutDir, packager } = context;
  const name = packager.appInfo.productFilename;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') return path.join(appOutDir, `${name}.app`);
  if (electronPlatformName === 'win32') return path.join(appOutDir, `${name}.exe`);
  return path.join(appOutDir, packager.executableName);
}

async function afterPack(context) {
  await flipFuses(executablePath(context), {
    version: FuseVersion.V1,
    // Flipping fuses invalidates the ad-hoc signature on macOS; electron-builder signs afterwards.
    resetAdHocDarwinSignature: context.electronPlatformName === 'darwin',
    ...FUSES,
  });
}

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.FUSES = FUSES;
module.exports.executablePath = executablePath;
