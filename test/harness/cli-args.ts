import { parseArgs } from 'node:util';
import { KEY_NAMES, type KeyName } from '../../electron/sandbox';
import type { VaultBackend } from '../../electron/core';
import { VAULT_BACKENDS } from '../../shared';
import type { HarnessOptions } from './launch';

export const USAGE = 'npm run app:chromium -- [--headless] [--cdp-port N] [--lang en|he] [--first-run] [--key NAME] [--fault-rate 0..1] [--latency-ms MS] [--vault-backend os|basic_text|unavailable] [--build] [--verbose] [--renderer-dir DIR] [--state-dir DIR] [--sync-interval-ms MS] [--local-copy on|off]';

/** The harness options from the command line, or the reason they are wrong. */
export function harnessArgs(argv: string[]): { options: HarnessOptions } | { error: string } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        headless: { type: 'boolean', default: false },
        'cdp-port': { type: 'string' },
        lang: { type: 'string', default: 'en' },
        'first-run': { type: 'boolean', default: false },
        key: { type: 'string', default: 'owner' },
        'fault-rate': { type: 'string' },
        'latency-ms': { type: 'string' },
        'vault-backend': { type: 'string', default: 'os' },
        build: { type: 'boolean', default: false },
        verbose: { type: 'boolean', default: false },
        /** Serve another built renderer folder (the harness's own tests use a fixture). */
        'renderer-dir': { type: 'string' },
        /** Keep settings (profile, theme, table views) and the key vault in this folder across runs. */
        'state-dir': { type: 'string' },
        /** How often the local copy looks for changes (default 30000). */
        'sync-interval-ms': { type: 'string' },
        /** The app keeps a local copy of the business (default on). */
        'local-copy': { type: 'string', default: 'on' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    return { error: `${e instanceof Error ? e.message : String(e)}\n${USAGE}` };
  }
  const lang = values.lang;
  if (lang !== 'en' && lang !== 'he') return { error: '--lang must be en or he' };
  const key = values.key as KeyName;
  if (!KEY_NAMES.includes(key)) return { error: `--key must be one of ${KEY_NAMES.join(', ')}` };
  const vaultBackend = values['vault-backend'] as VaultBackend;
  if (!VAULT_BACKENDS.includes(vaultBackend)) return { error: `--vault-backend must be one of ${VAULT_BACKENDS.join(', ')}` };
  const cdpPort = values['cdp-port'] === undefined ? undefined : Number(values['cdp-port']);
  if (cdpPort !== undefined && !(Number.isInteger(cdpPort) && cdpPort > 0 && cdpPort < 65536)) return { error: '--cdp-port must be a port number' };
  const faultRate = numberArg(values['fault-rate']);
  if (faultRate !== undefined && !(faultRate >= 0 && faultRate <= 1)) return { error: '--fault-rate must be a number from 0 to 1' };
  const latencyMs = numberArg(values['latency-ms']);
  if (latencyMs !== undefined && !(latencyMs >= 0 && latencyMs <= 60_000)) return { error: '--latency-ms must be a number of milliseconds from 0 to 60000' };
  const syncIntervalMs = numberArg(values['sync-interval-ms']);
  if (syncIntervalMs !== undefined && !(Number.isInteger(syncIntervalMs) && syncIntervalMs >= 100 && syncIntervalMs <= 86_400_000)) return { error: '--sync-interval-ms must be a whole number of milliseconds from 100 to 86400000' };
  const localCopy = values['local-copy'];
  if (localCopy !== 'on' && localCopy !== 'off') return { error: '--local-copy must be on or off' };
  return {
    options: {
      localCopy: localCopy === 'on', ...(syncIntervalMs !== undefined ? { syncIntervalMs } : {}),
      lang, headless: values.headless, firstRun: values['first-run'], key, vaultBackend, verbose: values.verbose,
      build: values.build ? 'always' : 'if-stale',
      ...(cdpPort !== undefined ? { cdpPort } : {}),
      ...(values['renderer-dir'] ? { rendererDir: values['renderer-dir'] } : {}),
      ...(values['state-dir'] ? { stateDir: values['state-dir'] } : {}),
      ...(faultRate !== undefined || latencyMs !== undefined ? { sandboxNetwork: { ...(faultRate !== undefined ? { faultRate } : {}), ...(latencyMs !== undefined ? { latencyMs } : {}) } } : {}),
    },
  };
}

/** A number, or NaN for text that is not one (so the range checks refuse it); undefined when absent. */
function numberArg(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  return text.trim() === '' ? Number.NaN : Number(text);
}
