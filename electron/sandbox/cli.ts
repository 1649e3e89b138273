/**
 * npm run sandbox -- [--host 127.0.0.1] [--port 0] [--seed N] [--rate-limit REQ_PER_S]
 *                    [--latency-ms MS] [--fault-rate 0..1] [--data FILE] [--keys-out FILE] [--customers N]
 *                    [--scale customers=N,documents=N,expenses=N,tasks=N]
 * Prints one JSON line {"base_url", "keys"} when listening; SIGINT/SIGTERM close it cleanly.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { startSandbox, type SandboxOptions } from './index';
import { SCALE_AREAS, type DemoScale } from './seed';

function numberArg(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) throw new Error(`--${name} must be a number, got "${text}"`);
  return n;
}

/** `customers=100000,documents=5000`: business A's size per area (startSandbox checks the areas and bounds). */
export function scaleArg(text: string): DemoScale {
  const out: Record<string, number> = {};
  for (const part of text.split(',')) {
    const m = /^\s*([a-z]+)\s*=\s*(\d{1,9})\s*$/.exec(part);
    if (!m) throw new Error(`--scale takes area=N pairs separated by commas (${SCALE_AREAS.join(', ')}), not "${part}"`);
    out[m[1]!] = Number(m[2]);
  }
  return out as DemoScale;
}

export function optionsFromArgs(argv: string[]): { options: SandboxOptions; keysOut?: string } {
  const { values } = parseArgs({
    args: argv,
    options: {
      host: { type: 'string' }, port: { type: 'string' }, seed: { type: 'string' }, 'rate-limit': { type: 'string' },
      'latency-ms': { type: 'string' }, 'fault-rate': { type: 'string' }, data: { type: 'string' }, 'keys-out': { type: 'string' },
      customers: { type: 'string' },
      scale: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const options: SandboxOptions = {};
  if (values.host !== undefined) options.host = values.host;
  const port = numberArg('port', values.port);
  if (port !== undefined) options.port = port;
  const seed = numberArg('seed', values.seed);
  if (seed !== undefined) options.seed = seed;
  const rate = numberArg('rate-limit', values['rate-limit']);
  if (rate !== undefined) options.rateLimit = rate;
  const latency = numberArg('latency-ms', values['latency-ms']);
  if (latency !== undefined) options.latencyMs = latency;
  const fault = numberArg('fault-rate', values['fault-rate']);
  if (fault !== undefined) options.faultRate = fault;
  if (values.data !== undefined) options.dataFile = values.data;
  const customers = numberArg('customers', values.customers);
  if (customers !== undefined) options.customers = customers;
  if (values.scale !== undefined) options.scale = scaleArg(values.scale);
  return { options, ...(values['keys-out'] !== undefined ? { keysOut: values['keys-out'] } : {}) };
}

async function main(): Promise<void> {
  const { options, keysOut } = optionsFromArgs(process.argv.slice(2));
  const sandbox = await startSandbox(options);
  const ready = { base_url: sandbox.baseUrl, keys: sandbox.keys };
  if (keysOut) await writeFile(keysOut, JSON.stringify(ready, null, 2) + '\n', { mode: 0o600 });
  process.stdout.write(JSON.stringify(ready) + '\n');
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    sandbox.close().then(() => process.exit(0), (e: unknown) => { console.error(e); process.exit(1); });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
