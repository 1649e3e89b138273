/**
 * npm run app:chromium -- [--headless] [--cdp-port N] [--lang en|he] [--first-run] [--key NAME] [--vault-backend os|basic_text|unavailable] [--build] [--verbose] [--renderer-dir DIR] [--state-dir DIR]
 * Prints one JSON line once the first screen has rendered, then runs until SIGINT/SIGTERM.
 */
import { parseArgs } from 'node:util';
import { KEY_NAMES, type KeyName } from '../../electron/sandbox';
import type { VaultBackend } from '../../electron/core';
import { VAULT_BACKENDS } from '../../shared';
import { launchHarness } from './launch';

const { values } = parseArgs({
  options: {
    headless: { type: 'boolean', default: false },
    'cdp-port': { type: 'string' },
    lang: { type: 'string', default: 'en' },
    'first-run': { type: 'boolean', default: false },
    key: { type: 'string', default: 'owner' },
    'vault-backend': { type: 'string', default: 'os' },
    build: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    /** Serve another built renderer folder (the harness's own tests use a fixture). */
    'renderer-dir': { type: 'string' },
    /** Keep settings (profile, theme, table views) and the key vault in this folder across runs. */
    'state-dir': { type: 'string' },
  },
  strict: true,
});

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const lang = values.lang;
if (lang !== 'en' && lang !== 'he') fail('--lang must be en or he');
const key = values.key as KeyName;
if (!KEY_NAMES.includes(key)) fail(`--key must be one of ${KEY_NAMES.join(', ')}`);
const vaultBackend = values['vault-backend'] as VaultBackend;
if (!VAULT_BACKENDS.includes(vaultBackend)) fail(`--vault-backend must be one of ${VAULT_BACKENDS.join(', ')}`);
const cdpPort = values['cdp-port'] === undefined ? undefined : Number(values['cdp-port']);
if (cdpPort !== undefined && !(Number.isInteger(cdpPort) && cdpPort > 0 && cdpPort < 65536)) fail('--cdp-port must be a port number');

const harness = await launchHarness({
  lang, headless: values.headless, firstRun: values['first-run'], key, vaultBackend, verbose: values.verbose,
  build: values.build ? 'always' : 'if-stale',
  ...(cdpPort !== undefined ? { cdpPort } : {}),
  ...(values['renderer-dir'] ? { rendererDir: values['renderer-dir'] } : {}),
  ...(values['state-dir'] ? { stateDir: values['state-dir'] } : {}),
});
process.stdout.write(`${JSON.stringify({ ready: true, cdp: harness.cdp, sandbox: harness.sandbox.baseUrl, keys: harness.sandbox.keys })}\n`);

let closing = false;
const stop = () => {
  if (closing) return;
  closing = true;
  harness.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
harness.browser.on('disconnected', stop);
