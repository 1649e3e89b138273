import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildCsp } from '../../electron/core/csp';
import { chromiumFound, launchHarness, ROOT, type Harness } from './launch';
import { harnessArgs } from './cli-args';

const FIXTURE = join(ROOT, 'test/harness/fixture');
const haveChromium = chromiumFound();
if (!haveChromium) console.warn('SKIPPED: the Chromium harness tests need Debian\'s chromium-headless-shell or chromium (or CHROMIUM_PATH).');

type Reply = { ok: boolean; data?: unknown; error?: { kind: string; code?: string } };
/** The page's globals, typed for the callbacks that run inside it (this project has no DOM lib on the Node side). */
type PageGlobals = {
  bridge: { invoke(o: string, i: unknown, x?: { signal?: AbortSignal }): Promise<unknown> };
  fixtureEvents: unknown[];
  document: { documentElement: { lang: string; outerHTML: string } };
  localStorage: object;
  sessionStorage: object;
};

describe.skipIf(!haveChromium)('Chromium harness (fixture renderer)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await launchHarness({ rendererDir: FIXTURE, lang: 'he' });
  }, 60_000);
  afterAll(async () => h?.close());

  it('creates the owner profile through the core before the page loads', async () => {
    expect(await h.page.textContent('#out')).toBe('profiles:1 active:yes');
    expect(h.profile).toMatchObject({ name: 'Sandbox (owner)', status: 'ok', environment: 'test' });
    expect(h.profile?.business_name).toBeTruthy();
    expect(await h.page.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.lang)).toBe('he');
  });

  it('serves the page with the app CSP header', async () => {
    const res = await h.page.request.get(`${h.origin}/`);
    expect(res.headers()['content-security-policy']).toBe(buildCsp());
  });

  it('window.bridge has the preload shape and reaches the real core and sandbox', async () => {
    expect(await h.page.evaluate(() => Object.keys((globalThis as unknown as PageGlobals).bridge).sort())).toEqual(['invoke', 'on']);
    const r = await h.page.evaluate(() => (globalThis as unknown as PageGlobals).bridge.invoke('api.call', { route: 'customers.list', query: { limit: 3 } })) as Reply;
    expect(r.ok).toBe(true);
    expect((r.data as { data: unknown[] }).data).toHaveLength(3);
    const bad = await h.page.evaluate(() => (globalThis as unknown as PageGlobals).bridge.invoke('nope', {})) as Reply;
    expect(bad.error?.kind).toBe('unknown_operation');
  });

  it('an aborted signal is cancelled in the core', async () => {
    const r = await h.page.evaluate(async () => {
      const c = new AbortController();
      const p = (globalThis as unknown as PageGlobals).bridge.invoke('profiles.test', { id: 'x'.repeat(10) }, { signal: c.signal });
      c.abort();
      return p;
    }) as Reply;
    expect(r.ok).toBe(false);
    expect(['cancelled', 'no_profile']).toContain(r.error?.kind);
    const pre = await h.page.evaluate(() => {
      const c = new AbortController();
      c.abort();
      return (globalThis as unknown as PageGlobals).bridge.invoke('app.info', {}, { signal: c.signal });
    }) as Reply;
    expect(pre.error?.kind).toBe('cancelled');
  });

  it('opens a PDF through the bridge (recorded by the host)', async () => {
    const docs = await h.core.router.handle(`${h.origin}/`, 't-docs', 'api.call', { route: 'documents.list', query: { limit: 50 } });
    const doc = ((docs as { data: { data: { id: string; pdf_available: boolean }[] } }).data.data).find((d) => d.pdf_available);
    const r = await h.page.evaluate((id) => (globalThis as unknown as PageGlobals).bridge.invoke('pdf.open', { document_id: id, target: 'window' }), doc!.id) as Reply;
    expect(r).toEqual({ ok: true, data: { opened: true } });
    expect(h.host.opened.at(-1)?.target).toBe('window');
  });

  it('pushes core events to bridge.on listeners', async () => {
    await h.page.evaluate(() => (globalThis as unknown as PageGlobals).bridge.invoke('profiles.activate', { id: 'missing' }));
    await h.core.router.handle(`${h.origin}/`, 't-act', 'profiles.activate', { id: h.profile!.id });
    await expect.poll(() => h.page.evaluate(() => (globalThis as unknown as PageGlobals).fixtureEvents)).toEqual([{ active_id: h.profile!.id }]);
  });

  it("answers the bridge's socket for the app's origin only, as main answers only the app's frame", async () => {
    // What a socket opened with this Origin header hears: the answer to one app.info call, and any event meanwhile.
    const knock = (origin: string) => new Promise<{ reply: Reply; events: number }>((resolve, reject) => {
      const ws = new WebSocket(h.bridgeUrl, { origin });
      let events = 0;
      ws.on('error', reject);
      ws.on('open', () => {
        ws.send(`q1\n${JSON.stringify({ callId: `knock-${origin}`, operation: 'app.info', input: {} })}`);
        void h.core.router.handle(`${h.origin}/`, `knock-ev-${origin}`, 'profiles.activate', { id: h.profile!.id });
      });
      ws.on('message', (data) => {
        const text = String(data);
        if (text.startsWith('e')) { events++; return; }
        // The answer: after the event the activation above pushed, when this socket gets events at all.
        setTimeout(() => { ws.close(); resolve({ reply: JSON.parse(text.slice(text.indexOf('\n') + 1)) as Reply, events }); }, 300);
      });
    });
    const foreign = await knock('http://127.0.0.1:1');
    expect(foreign.reply).toMatchObject({ ok: false, error: { kind: 'forbidden_sender' } });
    expect(foreign.events).toBe(0);
    const own = await knock(h.origin);
    expect(own.reply).toMatchObject({ ok: true, data: { platform: expect.any(String) } });
    expect(own.events).toBeGreaterThan(0);
  });

  it('the key is in no page-visible place', async () => {
    const visible = await h.page.evaluate(() => JSON.stringify({ html: (globalThis as unknown as PageGlobals).document.documentElement.outerHTML, ls: { ...(globalThis as unknown as PageGlobals).localStorage }, ss: { ...(globalThis as unknown as PageGlobals).sessionStorage } }));
    expect(visible).not.toContain(h.sandbox.keys.owner);
    expect(h.store.dump()).not.toContain(h.sandbox.keys.owner);
    expect(h.log.text()).not.toContain(h.sandbox.keys.owner);
  });
});

describe.skipIf(!haveChromium)('Chromium harness with --key documents_clerk', () => {
  it("makes its profile from that key; the connection test finds exactly the key's permissions", async () => {
    const h = await launchHarness({ rendererDir: FIXTURE, key: 'documents_clerk' });
    try {
      expect(h.profile).toMatchObject({ name: 'Sandbox (documents_clerk)', status: 'ok', key_last4: h.sandbox.keys.documents_clerk.slice(-4) });
      expect(await h.page.textContent('#out')).toBe('profiles:1 active:yes');
      const tested = await h.page.evaluate((id) => (globalThis as unknown as PageGlobals).bridge.invoke('profiles.test', { id }), h.profile!.id) as Reply;
      const found = tested.data as { readable: string[]; writable: string[]; write_denied: string[] };
      expect([...found.readable].sort()).toEqual(['business:read', 'customers:read', 'documents:read', 'products:read']);
      expect(found.writable).toEqual(['documents:write']);
      expect(found.write_denied).toContain('products:write');
    } finally {
      await h.close();
    }
  }, 60_000);
});

/** Starts the CLI and resolves with its ready line (and the child, to stop it). */
async function startCli(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/harness/cli.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => { if (out.includes('\n')) resolve(out.split('\n')[0]!); });
    child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
  });
  const ready = JSON.parse(line) as { ready: boolean; cdp: string; sandbox: string; keys: Record<string, string> };
  const stop = async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    return exited;
  };
  return { ready, stop, output: () => out };
}

describe('npm run app:chromium arguments', () => {
  it('--key takes any named sandbox key, documents_clerk too, and refuses other names', () => {
    expect(harnessArgs(['--key', 'documents_clerk'])).toMatchObject({ options: { key: 'documents_clerk' } });
    expect(harnessArgs([])).toMatchObject({ options: { key: 'owner' } });
    expect(harnessArgs(['--key', 'clerk'])).toHaveProperty('error');
  });

  it('--fault-rate and --latency-ms become the sandbox network; out-of-range values are refused', () => {
    expect(harnessArgs(['--fault-rate', '0.25', '--latency-ms', '120'])).toMatchObject({ options: { sandboxNetwork: { faultRate: 0.25, latencyMs: 120 } } });
    expect(harnessArgs(['--latency-ms', '0'])).toMatchObject({ options: { sandboxNetwork: { latencyMs: 0 } } });
    expect('network' in (harnessArgs([]) as { options: object }).options).toBe(false);
    for (const bad of [['--fault-rate', '1.5'], ['--fault-rate', '-0.1'], ['--fault-rate', 'lots'], ['--fault-rate', ''], ['--latency-ms', '-5'], ['--latency-ms', '1e9'], ['--faults', '1']]) {
      expect(harnessArgs(bad), bad.join(' ')).toHaveProperty('error');
    }
  });
});

describe.skipIf(!haveChromium)('npm run app:chromium (CLI)', () => {
  it('--fault-rate 1 --latency-ms 150: every answer of the sandbox is late and every one is a fault', async () => {
    const { ready, stop } = await startCli(['--headless', '--first-run', '--renderer-dir', FIXTURE, '--fault-rate', '1', '--latency-ms', '150']);
    try {
      const headers = { Authorization: `Bearer ${ready.keys.owner}`, 'Content-Type': 'application/json' };
      const seen = new Set<string>();
      for (let i = 0; i < 12; i++) {
        const started = Date.now();
        const write = i % 2 === 0;
        const answer = await fetch(`${ready.sandbox}/${write ? 'tags' : 'business'}`, { method: write ? 'POST' : 'GET', headers, ...(write ? { body: JSON.stringify({ name: `harness fault ${i}` }) } : {}) })
          .then((r) => String(r.status), () => 'reset');
        expect(Date.now() - started).toBeGreaterThanOrEqual(145);
        expect(['503', '429', '500', ...(write ? ['reset'] : [])]).toContain(answer);
        seen.add(answer);
      }
      expect(seen.size).toBeGreaterThan(1);
    } finally {
      expect(await stop()).toBe(0);
    }
  }, 60_000);

  it('prints one ready line with cdp, sandbox and keys, serves DevTools, and exits on SIGTERM', async () => {
    const { ready, stop, output } = await startCli(['--headless', '--first-run', '--renderer-dir', FIXTURE]);
    expect(ready.ready).toBe(true);
    expect(ready.cdp).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ready.sandbox).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(Object.keys(ready.keys)).toContain('owner');
    const version = await (await fetch(`${ready.cdp}/json/version`)).json() as { Browser: string };
    expect(version.Browser).toMatch(/Chrome/);
    expect(await stop()).toBe(0);
    expect(output().trim().split('\n')).toHaveLength(1);
  }, 60_000);
});
