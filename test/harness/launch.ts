import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createCore, sameOrigin, type Core, type VaultBackend } from '../../electron/core';
import { startSandbox, type KeyName, type RunningSandbox, type SandboxOptions } from '../../electron/sandbox';
import type { ProfileMeta } from '../../shared';
import { connectBridge } from './bridge-transport';
import { FileStore, FileVault, FixedDemoHost, MemoryHost, MemoryLogger, MemoryStore, MemoryVault } from './memory-host';
import { NetworkSwitch } from './network';
import { startControl } from './control';
import { MemoryLocalHost } from './local-host';
import { sourceEngine } from './engine-bundle';
import { ensureRendererBuilt, RENDERER_OUT, type BuildMode } from './renderer-build';
import { serveStatic, type StaticServer } from './static-server';

export { ROOT, RENDERER_OUT, ensureRendererBuilt, rendererIsStale, type BuildMode } from './renderer-build';
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface HarnessOptions {
  lang?: 'en' | 'he';
  /** The browser's time zone (IANA name); default: the machine's. */
  timezoneId?: string;
  /**
   * The day it is on the page's clock (YYYY-MM-DD): Playwright's clock starts at noon UTC of that day
   * and runs on, so figures counted against "today" over a seed of fixed dates are the same on any
   * day the tests run. Default: the real clock. The core and the sandbox keep the real time.
   */
  today?: string;
  /** Keep the UI's transitions (default: the browser asks for reduced motion, so nothing animates). */
  motion?: boolean;
  headless?: boolean;
  /** Start without a profile, on the first-run screen. */
  firstRun?: boolean;
  /** Which sandbox key the app's profile uses (default owner). */
  key?: KeyName;
  /** What the in-memory key vault behaves like: a keyring (default), basic_text (Linux without a keyring) or no encryption. */
  vaultBackend?: VaultBackend;
  cdpPort?: number;
  /**
   * A Chromium of its own (closed with the harness) rather than the one this process shares: the CLI,
   * whose browser is the app's window. A cdpPort or a window (headless: false) always gets its own.
   */
  ownBrowser?: boolean;
  /** Serve another folder than out/renderer (tests of the harness itself). */
  rendererDir?: string;
  /** Build the renderer first: when out/renderer is missing or older than its sources (default), when missing, always, or never. */
  build?: BuildMode;
  sandbox?: SandboxOptions;
  /**
   * The sandbox's fault rate and latency (npm run app:chromium -- --fault-rate --latency-ms), set once
   * the harness has made its profile: the app meets them from its first screen on.
   */
  sandboxNetwork?: { faultRate?: number; latencyMs?: number };
  readyTimeoutMs?: number;
  /** Echo the core's (redacted) log lines to stderr. */
  verbose?: boolean;
  /** The network between the core and the API (tests switch it off or slow it down). */
  network?: NetworkSwitch;
  /** Start again on what a previous run left: its sandbox, settings store and key vault (see Harness.restart). */
  keep?: { sandbox: RunningSandbox; store: MemoryStore; vault: MemoryVault; localHost?: MemoryLocalHost | null };
  /**
   * Keep the settings store and the key vault in files of this folder, like the app's user-data
   * folder: a harness launched again on it finds the last run's profile (same id, pointed at the new
   * sandbox), theme and table views. Without it every launch starts empty.
   */
  stateDir?: string;
  /** Keep a local copy of the business in the core (npm run app:chromium does; tests opt in). */
  localCopy?: boolean;
  /** How often the local copy looks for changes (default 30 s). */
  syncIntervalMs?: number;
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
  /** The page's server, where another context's bridge connects too (the bench's page). */
  web: Pick<StaticServer, 'origin' | 'upgrade'>;
  /** The ws:// address the page's bridge talks through (test/harness/bridge-transport.ts). */
  bridgeUrl: string;
  /** http://127.0.0.1:N of Chromium's DevTools endpoint. */
  cdp: string;
  /** The profile the harness created or found (null with firstRun). */
  profile: ProfileMeta | null;
  network: NetworkSwitch;
  /** http://127.0.0.1:N: POST /network {"online": bool} pulls or restores the app's network. */
  control: string;
  /** The local copy's folder and keys (when `localCopy`). */
  localHost: MemoryLocalHost | null;
  close(): Promise<void>;
  /**
   * Quits the app (browser, core, page server) and starts it again on the same settings store,
   * key vault and sandbox: what a user sees after restarting the app.
   */
  restart(): Promise<Harness>;
}

/** Debian's Chromium, and its old headless shell (package chromium-headless-shell): the same engine without the browser's own UI. */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

const chosenChromium = (headless: boolean): string =>
  process.env.CHROMIUM_PATH || (headless && existsSync(CHROMIUM_HEADLESS_SHELL) ? CHROMIUM_HEADLESS_SHELL : CHROMIUM);

/** Whether the Chromium chromiumPath would run is installed (files that need it skip without it). */
export const chromiumFound = (headless = true): boolean => existsSync(chosenChromium(headless));

/**
 * The Chromium to run: CHROMIUM_PATH when set; headless, the headless shell when installed (a fifth
 * less CPU than the full browser's headless mode over the end-to-end suite), else the browser.
 */
export function chromiumPath(headless = true): string {
  const path = chosenChromium(headless);
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

/**
 * One headless Chromium per test process, started on first use: each harness gets a browser context of
 * its own (its own storage, bindings and pages), which starts in milliseconds where a browser takes
 * seconds. Playwright ends the browser with the process.
 */
let sharedBrowser: Promise<{ browser: Browser; cdpPort: number }> | null = null;
function shared(): Promise<{ browser: Browser; cdpPort: number }> {
  sharedBrowser ??= (async () => {
    const cdpPort = await freePort();
    const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${cdpPort}`] });
    browser.on('disconnected', () => { sharedBrowser = null; });
    return { browser, cdpPort };
  })().catch((e: unknown) => { sharedBrowser = null; throw e; });
  return sharedBrowser;
}

type Reply = Awaited<ReturnType<Core['router']['handle']>>;

/** The harness's profile for a sandbox key: the one a kept state folder already has (now on this sandbox's port), else a new one. */
async function createProfile(core: Core, origin: string, baseUrl: string, key: string, name: KeyName): Promise<ProfileMeta> {
  const sender = `${origin}/`;
  const call = async (id: string, op: string, input: unknown): Promise<Reply> => core.router.handle(sender, `harness-${id}`, op, input);
  const profileName = `Sandbox (${name})`;
  const kept = core.profiles.list().profiles.find((p) => p.name === profileName && !p.session_only);
  let meta: ProfileMeta;
  if (kept) {
    meta = core.profiles.update(kept.id, { base_url: baseUrl });
  } else {
    const added = await call('add', 'profiles.add', { name: profileName, environment: 'test', base_url: baseUrl, key: { source: 'typed', key }, session_only: false });
    if (!added.ok) throw new Error(`the harness could not add its profile: ${added.error.message}`);
    meta = added.data as ProfileMeta;
  }
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
  const closeApp = async () => {
    for (const fn of cleanup.reverse()) await fn().catch(() => undefined);
  };
  let sandbox: RunningSandbox | undefined = opts.keep?.sandbox;
  const closeAll = async () => {
    await closeApp();
    await sandbox?.close().catch(() => undefined);
    localHostMade?.dispose();
  };
  let localHostMade: MemoryLocalHost | null = null;
  try {
    sandbox ??= await startSandbox({ host: '127.0.0.1', port: 0, ...opts.sandbox });
    const web: StaticServer = await serveStatic(rendererDir);
    cleanup.push(() => web.close());

    const host = new MemoryHost();
    cleanup.push(async () => host.dispose());
    if (opts.stateDir) mkdirSync(opts.stateDir, { recursive: true });
    const store = opts.keep?.store ?? (opts.stateDir ? new FileStore(join(opts.stateDir, 'settings.json')) : new MemoryStore());
    const log = new MemoryLogger();
    const echo = opts.verbose ? (l: string, m: string, f?: Record<string, unknown>) => process.stderr.write(`${JSON.stringify({ level: l, msg: m, ...f })}\n`) : null;
    const logger = echo ? { info: (m: string, f?: Record<string, unknown>) => { log.info(m, f); echo('info', m, f); }, warn: (m: string, f?: Record<string, unknown>) => { log.warn(m, f); echo('warn', m, f); }, error: (m: string, f?: Record<string, unknown>) => { log.error(m, f); echo('error', m, f); } } : log;
    const vault = opts.keep?.vault ?? (opts.stateDir ? new FileVault(join(opts.stateDir, 'vault.json'), opts.vaultBackend ?? 'os') : new MemoryVault(opts.vaultBackend ?? 'os'));
    const network = opts.network ?? new NetworkSwitch();
    const control = await startControl(network);
    cleanup.push(() => control.close());
    const localHost = opts.keep?.localHost ?? (opts.localCopy ? new MemoryLocalHost(opts.stateDir) : null);
    if (!opts.keep && localHost) localHostMade = localHost;
    const core = createCore({
      vault, store, host, log: logger, fetch: network.fetch,
      ...(localHost ? { localHost, engine: sourceEngine } : {}), ...(opts.syncIntervalMs ? { syncIntervalMs: opts.syncIntervalMs } : {}),
      demo: new FixedDemoHost(sandbox.baseUrl, sandbox.keys.owner, () => sandbox!.reset()),
      isAllowedSender: sameOrigin(web.origin),
    });
    cleanup.push(() => core.shutdown());
    const keyName = opts.key ?? 'owner';
    const profile = opts.keep ? core.profiles.active() : opts.firstRun ? null : await createProfile(core, web.origin, sandbox.baseUrl, sandbox.keys[keyName], keyName);
    if (opts.sandboxNetwork) sandbox.setNetwork(opts.sandboxNetwork);

    const lang = opts.lang ?? 'en';
    const own = opts.ownBrowser === true || opts.cdpPort !== undefined || opts.headless === false;
    let browser: Browser;
    let cdpPort: number;
    if (own) {
      cdpPort = opts.cdpPort ?? (await freePort());
      browser = await chromium.launch({
        executablePath: chromiumPath(opts.headless ?? true),
        headless: opts.headless ?? true,
        args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${cdpPort}`, `--lang=${lang === 'he' ? 'he-IL' : 'en-US'}`],
      });
      cleanup.push(() => browser.close());
    } else {
      ({ browser, cdpPort } = await shared());
    }
    // The context carries the language (navigator.language, Intl's default) and the time zone.
    const context = await browser.newContext({
      locale: lang === 'he' ? 'he-IL' : 'en-US', viewport: { width: 1280, height: 800 }, ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
      // No transitions to wait out (the app honours the system's reduced motion); opts.motion keeps them for a test of them.
      reducedMotion: opts.motion ? 'no-preference' : 'reduce',
    });
    cleanup.push(() => context.close());
    if (opts.today) await context.clock.install({ time: new Date(`${opts.today}T12:00:00.000Z`) });
    const bridge = await connectBridge(context, core, web);
    cleanup.push(async () => bridge.close());

    const page = await context.newPage();
    await page.goto(`${web.origin}/?lang=${lang}`);
    await page.waitForSelector('body[data-app-ready]', { state: 'attached', timeout: opts.readyTimeoutMs ?? 30_000 });
    const kept = { sandbox, store, vault, localHost };
    return {
      page, browser, context, sandbox, core, host, store, vault, log, profile, network, localHost,
      control: control.url,
      origin: web.origin,
      web,
      bridgeUrl: bridge.url,
      cdp: `http://127.0.0.1:${cdpPort}`,
      close: closeAll,
      restart: async () => {
        await closeApp();
        return launchHarness({ ...opts, network, keep: kept, cdpPort: undefined });
      },
    };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
