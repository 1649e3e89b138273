/**
 * A page for the renderer benchmarks: the harness's browser, core and profile, in a context of its
 * own whose window.bridge is wired exactly as the harness wires it (test/harness/bridge-transport.ts), with
 * the probe's init script registered between the transport and the bridge script (the
 * harness's own context cannot take it there: its bridge is defined, frozen, before any later
 * init script runs). Main-side time of every call is recorded by call id, so the transport's hop
 * (page round trip minus main time) can be told apart.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { connectBridge } from '../../harness/bridge-transport';
import type { Harness } from '../../harness/launch';
import { PROBE_INIT_SCRIPT, type CallRecord, type ClickRecord, type PaintCondition, type PaintStamp, type ProbeGlobals } from './probe';

export interface MainTime {
  operation: string;
  ms: number;
}

export interface BenchPage {
  page: Page;
  context: BrowserContext;
  origin: string;
  /** Main-side duration of each bridge call (router.handle), by call id. */
  main: Map<string, MainTime>;
  /** Loads the app afresh (a new document) at this hash and waits for its first screen. */
  load(hash?: string): Promise<void>;
  /** Turns Chromium's HTTP cache off or on (first visits load their code from the server). */
  setCacheDisabled(off: boolean): Promise<void>;
  close(): Promise<void>;
}

/** Inside page.evaluate: the probe (inlined, since the callback is serialised into the page). */
type G = ProbeGlobals;

export async function openBenchPage(h: Harness): Promise<BenchPage> {
  // The harness's own window would be a second app on the same core, rendering every event the timed one does.
  await h.page.goto('about:blank');
  const context = await h.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  const main = new Map<string, MainTime>();
  const bridge = await connectBridge(context, h.core, h.web, {
    before: [PROBE_INIT_SCRIPT],
    onHandled: (callId, operation, ms) => main.set(callId, { operation, ms }),
  });
  const page = await context.newPage();
  let cdp: CDPSession | null = null;

  const load = async (hash = '') => {
    await page.goto('about:blank');
    await page.goto(`${h.origin}/?lang=en${hash}`);
    await page.waitForSelector('body[data-app-ready]', { state: 'attached', timeout: 30_000 });
    if (!(await page.evaluate(() => (globalThis as unknown as G).__bench.wrapped))) {
      throw new Error('the probe could not wrap the bridge transport (__bizopsInvoke was not defined before it)');
    }
  };
  await load();
  return {
    page, context, main, load,
    origin: h.origin,
    async setCacheDisabled(off) {
      cdp ??= await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: off });
    },
    async close() {
      bridge.close();
      await context.close();
    },
  };
}

/** Starts watching for `cond` (before the action that should bring it). */
export async function arm(page: Page, cond: PaintCondition, timeoutMs = 15_000): Promise<void> {
  await page.evaluate(([c, t]) => (globalThis as unknown as G).__bench.arm(c, t), [cond, timeoutMs] as const);
}

/** When the armed condition was painted. */
export async function painted(page: Page): Promise<PaintStamp> {
  return page.evaluate(() => {
    const s = (globalThis as unknown as G).__bench.settled;
    if (!s) throw new Error('nothing armed');
    return s;
  });
}

/**
 * A click dispatched inside the page (shift held for an added sort key). Playwright's own click runs
 * its steps (scrolling, hit testing, the input's round trips) in the harness's Node process, which is
 * also main's: a bridge call made by the click waited behind them (a filter tick's round trip: 17 to
 * 28 ms with main's part 3 to 4, against 7 to 16 ms beyond main's part when dispatched in the page).
 * In the app, main is a process of its own.
 */
export const clickInPage = async (page: Page, selector: string, o: { shift?: boolean } = {}): Promise<void> => {
  // Page-side text: the Node typings here have no DOM.
  await page.evaluate(`(() => {
    const el = document.querySelector(${JSON.stringify(selector)});
    if (!el) throw new Error('nothing matches ' + ${JSON.stringify(selector)});
    el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, shiftKey: ${o.shift === true}, view: window, detail: 1 }));
  })()`);
};

export const lastClick = (page: Page): Promise<ClickRecord> =>
  page.evaluate(() => {
    const c = (globalThis as unknown as G).__bench.clicks.at(-1);
    if (!c) throw new Error('no click was seen');
    return c;
  });

export const bridgeCalls = (page: Page): Promise<CallRecord[]> => page.evaluate(() => (globalThis as unknown as G).__bench.calls);

/** Bridge calls that started within [from, to] (page clock). */
export async function callsBetween(page: Page, from: number, to: number): Promise<CallRecord[]> {
  return (await bridgeCalls(page)).filter((c) => c.start >= from && c.start <= to);
}

/** Lets the page finish what a screen change started (effects, idle work) before the next sample. */
export async function settle(page: Page, ms = 150): Promise<void> {
  await page.waitForTimeout(ms);
  await page.evaluate(() => new Promise<void>((resolve) => {
    const g = globalThis as unknown as G;
    g.requestAnimationFrame(() => g.requestAnimationFrame(() => resolve()));
  }));
}
