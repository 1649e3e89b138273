import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createCore, sameOrigin, type Core, type VaultBackend } from '../../electron/core';
import { startSandbox, type KeyName, type RunningSandbox, type SandboxOptions } from '../../electron/sandbox';
import type { ProfileMeta } from '../../shared';
import { BRIDGE_INIT_SCRIPT } from './bridge-init';
import { FixedDemoHost, MemoryHost, MemoryLogger, MemoryStore, MemoryVault } from './memory-host';
import { ensureRendererBuilt, RENDERER_OUT, type BuildMode } from './renderer-build';
import { serveStatic, type StaticServer } from './static-server';

export { ROOT, RENDERER_OUT, ensureRendererBuilt, rendererIsStale, type BuildMode } from './renderer-build';
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface HarnessOptions {
  lang?: 'en' | 'he';
  headless?: boolean;
  /** Start without a profile, on the first-run screen. */
  firstRun?: boolean;
  /** Which sandbox key the app's profile uses (default owner). */
  key?: KeyName;
  /** What the in-memory key vault behaves like: a keyring (default), basic_text (Linux without a keyring) or no encryption. */
  vaultBackend?: VaultBackend;
  cdpPort?: number;
  /** Serve another folder than out/renderer (tests of the harness itself). */
  rendererDir?: string;
  /** Build the renderer first: when out/renderer is missing or older than its sources (default), when missing, always, or never. */
  build?: BuildMode;
  sandbox?: SandboxOptions;
  /**
   * The sandbox's fault rate and latency (npm run app:chromium -- --fault-rate --latency-ms), set once
   * the harness has made its profile: the app meets them from its first screen on.
   */
  network?: { faultRate?: number; latencyMs?: number };
  readyTimeoutMs?: number;
  /** Echo the core's (redacted) log lines to stderr. */
  verbose?: boolean;
}

export interface Harness {
  page: Page;
  browser: Browser;
  context: BrowserContext;
  sandbox: RunningSandbox;
  core: Core;
  host: MemoryHost;
  store: MemoryStore;
  vault: MemoryVault;
  log: MemoryLogger;
  /** Origin of the page (http://127.0.0.1:PORT). */
  origin: string;
  /** http://127.0.0.1:N of Chromium's DevTools endpoint. */
  cdp: string;
  /** The profile the harness created (null with firstRun). */
  profile: ProfileMeta | null;
  close(): Promise<void>;
}

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) throw new Error(`Chromium not found at ${path}; install Debian's chromium or set CHROMIUM_PATH`);
  return path;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

type Reply = Awaited<ReturnType<Core['router']['handle']>>;

async function createProfile(core: Core, origin: string, baseUrl: string, key: string, name: KeyName): Promise<ProfileMeta> {
  const sender = `${origin}/`;
  const call = async (id: string, op: string, input: unknown): Promise<Reply> => core.router.handle(sender, `harness-${id}`, op, input);
  const added = await call('add', 'profiles.add', { name: `Sandbox (${name})`, environment: 'test', base_url: baseUrl, key: { source: 'typed', key }, session_only: false });
  if (!added.ok) throw new Error(`the harness could not add its profile: ${added.error.message}`);
  const meta = added.data as ProfileMeta;
  await call('activate', 'profiles.activate', { id: meta.id });
  // Fills the business name and known permissions; a refused key (expired, revoked...) just stays failing.
  await call('test', 'profiles.test', { id: meta.id });
  return core.profiles.get(meta.id);
}

/** Serves the built renderer, starts sandbox + core, and opens it in Chromium with window.bridge wired to the core. */
export async function launchHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const rendererDir = opts.rendererDir ?? RENDERER_OUT;
  if (!opts.rendererDir) ensureRendererBuilt(opts.build);
  const cleanup: (() => Promise<void>)[] = [];
  const closeAll = async () => {
    for (const fn of cleanup.reverse()) await fn().catch(() => undefined);
  };
  try {
    const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, ...opts.sandbox });
    cleanup.push(() => sandbox.close());
    const web: StaticServer = await serveStatic(rendererDir);
    cleanup.push(() => web.close());

    const host = new MemoryHost();
    cleanup.push(async () => host.dispose());
    const store = new MemoryStore();
    const log = new MemoryLogger();
    const echo = opts.verbose ? (l: string, m: string, f?: Record<string, unknown>) => process.stderr.write(`${JSON.stringify({ level: l, msg: m, ...f })}\n`) : null;
    const logger = echo ? { info: (m: string, f?: Record<string, unknown>) => { log.info(m, f); echo('info', m, f); }, warn: (m: string, f?: Record<string, unknown>) => { log.warn(m, f); echo('warn', m, f); }, error: (m: string, f?: Record<string, unknown>) => { log.error(m, f); echo('error', m, f); } } : log;
    const vault = new MemoryVault(opts.vaultBackend ?? 'os');
    const core = createCore({
      vault, store, host, log: logger,
      demo: new FixedDemoHost(sandbox.baseUrl, sandbox.keys.owner, () => sandbox.reset()),
      isAllowedSender: sameOrigin(web.origin),
    });
    cleanup.push(() => core.shutdown());
    const keyName = opts.key ?? 'owner';
    const profile = opts.firstRun ? null : await createProfile(core, web.origin, sandbox.baseUrl, sandbox.keys[keyName], keyName);
    if (opts.network) sandbox.setNetwork(opts.network);

    const cdpPort = opts.cdpPort ?? (await freePort());
    const lang = opts.lang ?? 'en';
    const browser = await chromium.launch({
      executablePath: chromiumPath(),
      headless: opts.headless ?? true,
      args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${cdpPort}`, `--lang=${lang === 'he' ? 'he-IL' : 'en-US'}`],
    });
    cleanup.push(() => browser.close());
    const context = await browser.newContext({ locale: lang === 'he' ? 'he-IL' : 'en-US', viewport: { width: 1280, height: 800 } });
    await context.exposeBinding('__bizopsInvoke', (source, payload: unknown) => {
      const p = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
      return core.router.handle(source.frame.url(), p.callId, p.operation, p.input);
    });
    await context.exposeBinding('__bizopsCancel', (source, callId: unknown) => {
      if (sameOrigin(web.origin)(source.frame.url())) core.router.cancel(callId);
    });
    await context.addInitScript({ content: BRIDGE_INIT_SCRIPT });
    core.events.on((event, payload) => {
      for (const pg of context.pages()) {
        pg.evaluate(([e, p]) => (globalThis as unknown as { __bizopsEmit?: (e: unknown, p: unknown) => void }).__bizopsEmit?.(e, p), [event, payload] as const).catch(() => undefined);
      }
    });

    const page = await context.newPage();
    await page.goto(`${web.origin}/?lang=${lang}`);
    await page.waitForSelector('body[data-app-ready]', { state: 'attached', timeout: opts.readyTimeoutMs ?? 30_000 });
    return {
      page, browser, context, sandbox, core, host, store, vault, log, profile,
      origin: web.origin,
      cdp: `http://127.0.0.1:${cdpPort}`,
      close: closeAll,
    };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
