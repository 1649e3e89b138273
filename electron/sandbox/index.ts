import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildDemoData, SCALE_AREAS, SCALE_MAX, type DemoScale } from './seed';
import type { DemoData } from './seed/types';
import { buildKeyRing, type KeyName, type SandboxKeys } from './keys';
import type { Permission } from '../../shared';
import { CursorCodec } from './http/cursor';
import { ScriptedFaults, type Fault } from './http/limits';
import { createSandboxServer, type NetworkConditions, type RenderPdf, type SeenRequest } from './http/server';
import { PdfLinks } from './pdf-links';
import { StatePersistence } from './store/persistence';
import { stateFromDemo, type SandboxState } from './store/state';

export type { SandboxKeys, KeyName } from './keys';
export { SCALE_AREAS, type DemoScale } from './seed';
export { FAULTS, type Fault } from './http/limits';
export type { SeenRequest } from './http/server';
export { KEY_NAMES } from './keys';

export interface SandboxOptions {
  host?: string;
  port?: number;
  seed?: number;
  /** Requests per second per key + client address (token bucket); 0 turns the limit off. */
  rateLimit?: number;
  latencyMs?: number;
  /** 0..1: chance per request of a 503, a 429, a 500, or (writes) a 500 or a connection reset after the write was applied. */
  faultRate?: number;
  /** Told of every fault that struck a request (tests count them). */
  onFault?: (fault: Exclude<Fault, 'none'>, method: string, path: string) => void;
  /** Told of every API request once answered (or dropped), with what it came to: tests count what reached the service. */
  onRequest?: (seen: SeenRequest) => void;
  dataFile?: string;
  /** New random keys at each start instead of keys derived from the seed (the app's demo sandbox). */
  perLaunchKeys?: boolean;
  clock?: () => Date;
  /** Random source for fault injection (tests make it deterministic). */
  random?: () => number;
  /** Business A's number of customers (default: the seed's few hundred); 10,000 measures a long export. Same as scale.customers. */
  customers?: number;
  /** Business A's number of customers, documents, expenses and tasks (up to 100,000 each), for measurements. */
  scale?: DemoScale;
  /** Demo data factory; defaults to the seeded generator. */
  demoData?: (seed: number) => DemoData;
  renderPdf?: RenderPdf;
}

export interface RunningSandbox {
  /** http://HOST:PORT/v1 */
  baseUrl: string;
  keys: SandboxKeys;
  close(): Promise<void>;
  /** Restores the seed state (and saves it when a data file is used). */
  reset(): Promise<void>;
  /** Changes the fault rate and latency from the next request on. */
  setNetwork(conditions: { faultRate?: number; latencyMs?: number }): void;
  /** The owner edits a key's permissions in the application (spec 5.10): they apply from the next request. */
  setPermissions(key: KeyName, permissions: readonly Permission[]): void;
}

export const DEFAULT_SEED = 1;
/** The PDF engine (pdfkit and fonts) loads on the first PDF request, not at start. */
const renderWithPdfModule: RenderPdf = async (doc, business) => (await import('./pdf')).renderDocumentPdf(doc, business);
export const DEFAULT_RATE_LIMIT = 50;
/** `--customers` at most: room for the 100,000 listed rows (plus the seed's deleted ones) the export memory bench walks. */
export const MAX_SEED_CUSTOMERS = SCALE_MAX;

function checkOptions(o: SandboxOptions): void {
  const fr = o.faultRate ?? 0;
  if (!(fr >= 0 && fr <= 1)) throw new RangeError('faultRate must be between 0 and 1');
  if ((o.latencyMs ?? 0) < 0) throw new RangeError('latencyMs must not be negative');
  if ((o.rateLimit ?? 0) < 0) throw new RangeError('rateLimit must not be negative');
  if (o.seed !== undefined && !Number.isSafeInteger(o.seed)) throw new RangeError('seed must be an integer');
  if (o.customers !== undefined && !(Number.isSafeInteger(o.customers) && o.customers >= 1 && o.customers <= SCALE_MAX)) throw new RangeError(`customers must be a whole number from 1 to ${SCALE_MAX}`);
  for (const [area, n] of Object.entries(o.scale ?? {})) {
    if (!(SCALE_AREAS as readonly string[]).includes(area)) throw new RangeError(`scale takes ${SCALE_AREAS.join(', ')}, not ${area}`);
    if (!(Number.isSafeInteger(n) && n >= 1 && n <= SCALE_MAX)) throw new RangeError(`scale ${area} must be a whole number from 1 to ${SCALE_MAX}`);
  }
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  checkOptions(options);
  const seed = options.seed ?? DEFAULT_SEED;
  const clock = options.clock ?? (() => new Date());
  const scale: DemoScale = { ...options.scale, ...(options.customers !== undefined ? { customers: options.customers } : {}) };
  const build = options.demoData ?? ((s: number) => buildDemoData(s, scale));
  const fresh = (): SandboxState => stateFromDemo(seed, build(seed));

  let state: SandboxState | undefined;
  const persistence = options.dataFile ? new StatePersistence(options.dataFile, () => state!) : null;
  state = (await persistence?.load(fresh)) ?? fresh();

  const ring = buildKeyRing(options.perLaunchKeys ? 'per-launch' : seed, clock().getTime());
  const pdfLinks = new PdfLinks();
  const codec = new CursorCodec(createHash('sha256').update(`bizops-sandbox-cursor:${seed}`).digest('hex'));
  const reset = async () => {
    state = fresh();
    await persistence?.flush();
  };
  const network: NetworkConditions = { latencyMs: options.latencyMs ?? 0, faultRate: options.faultRate ?? 0 };
  const server = createSandboxServer({
    services: { state: () => state!, faults: new ScriptedFaults(), ring, codec, pdfLinks, clock },
    rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT,
    network,
    random: options.random ?? Math.random,
    renderPdf: options.renderPdf ?? renderWithPdfModule,
    // The answer of a write waits until the state holding it is on disk.
    onWrite: () => persistence?.commit().catch((e: unknown) => console.error('[sandbox] could not save the state:', e instanceof Error ? e.message : String(e))),
    settled: () => persistence?.settled(),
    ...(options.onFault ? { onFault: options.onFault } : {}),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    reset,
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => { server.off('error', reject); resolve(); });
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  const origin = `http://${host}:${addr.port}`;
  pdfLinks.origin = origin;
  if (persistence) await persistence.flush();

  let closed = false;
  return {
    baseUrl: `${origin}/v1`,
    keys: ring.keys,
    reset,
    setNetwork: (c) => {
      checkOptions(c);
      if (c.faultRate !== undefined) network.faultRate = c.faultRate;
      if (c.latencyMs !== undefined) network.latencyMs = c.latencyMs;
    },
    setPermissions: (name, permissions) => {
      const record = [...ring.records.values()].find((r) => r.name === name);
      if (!record) throw new RangeError(`no key named ${name}`);
      if (!permissions.length) throw new RangeError('a key keeps at least one permission (spec 5.10)');
      record.permissions = new Set(permissions);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); });
      await persistence?.flush();
    },
  };
}
