import { describe, expect, it, vi } from 'vitest';
vi.mock('electron', () => ({}));
import type { WebContents } from 'electron';
import { IPC } from '../../../shared';
import { buildCsp, buildDevCsp } from '../../../electron/core/csp';
import { APP_START_URL, devServerOrigin, rendererSource } from '../../../electron/main/renderer-source';
import { BridgeIpc, type IpcEventLike, type IpcMainLike } from '../../../electron/main/ipc';
import { hardenWebContents } from '../../../electron/main/security';
import { makeCore } from '../core/fixtures';

const DEV = 'http://localhost:5173';

describe('devServerOrigin: the dev server only for an unpackaged run on loopback http', () => {
  it('accepts loopback http URLs and returns their origin', () => {
    expect(devServerOrigin(false, 'http://localhost:5173')).toBe('http://localhost:5173');
    expect(devServerOrigin(false, 'http://localhost:5173/')).toBe('http://localhost:5173');
    expect(devServerOrigin(false, 'http://127.0.0.1:5174/index.html')).toBe('http://127.0.0.1:5174');
    expect(devServerOrigin(false, 'http://[::1]:5173/')).toBe('http://[::1]:5173');
  });

  it('never in a packaged app, whatever the environment says', () => {
    expect(devServerOrigin(true, DEV)).toBeNull();
    expect(devServerOrigin(true, 'http://127.0.0.1:5173')).toBeNull();
  });

  it('refuses anything that is not plain http on loopback', () => {
    for (const bad of [undefined, '', 'nonsense', 'https://localhost:5173', 'http://example.com:5173', 'http://192.168.1.5:5173',
      'http://localhost.evil.com:5173', 'http://user:pw@localhost:5173', 'file:///tmp/index.html', 'app://bizops/index.html', 'ws://localhost:5173', 'javascript:alert(1)']) {
      expect(devServerOrigin(false, bad), String(bad)).toBeNull();
    }
  });
});

describe('rendererSource', () => {
  it('production (packaged): app://bizops, app senders only, no navigation, the strict CSP', () => {
    const s = rendererSource(true, DEV);
    expect(s.startUrl).toBe(APP_START_URL);
    expect(s.startUrl).toBe('app://bizops/index.html');
    expect(s.devOrigin).toBeNull();
    expect(s.csp).toBe(buildCsp());
    expect(s.isAllowedSender('app://bizops/index.html#/documents')).toBe(true);
    for (const url of [`${DEV}/`, 'http://127.0.0.1:5173/', 'https://example.com/', 'file:///index.html', 'app://other/index.html']) {
      expect(s.isAllowedSender(url), url).toBe(false);
    }
    expect(s.mayNavigate(`${DEV}/`)).toBe(false);
    expect(s.mayNavigate('app://bizops/index.html')).toBe(false);
  });

  it('unpackaged without a (valid) dev URL is production too', () => {
    for (const env of [undefined, 'https://localhost:5173', 'http://example.com']) {
      const s = rendererSource(false, env);
      expect(s.startUrl, String(env)).toBe(APP_START_URL);
      expect(s.isAllowedSender(`${DEV}/`)).toBe(false);
    }
  });

  it('dev: loads the dev server and allows exactly its origin as a sender and for its own reloads', () => {
    const s = rendererSource(false, `${DEV}/`);
    expect(s.startUrl).toBe(`${DEV}/`);
    expect(s.devOrigin).toBe(DEV);
    for (const url of [`${DEV}/`, `${DEV}/index.html#/customers`, 'app://bizops/index.html']) expect(s.isAllowedSender(url), url).toBe(true);
    for (const url of ['http://localhost:5174/', 'http://127.0.0.1:5173/', 'https://localhost:5173/', 'http://evil.example/', 'file:///index.html', 'not a url']) {
      expect(s.isAllowedSender(url), url).toBe(false);
    }
    expect(s.mayNavigate(`${DEV}/`)).toBe(true);
    expect(s.mayNavigate(`${DEV}/index.html?t=1`)).toBe(true);
    for (const url of ['http://localhost:5174/', 'https://example.com/', 'app://bizops/index.html', 'file:///etc/passwd']) expect(s.mayNavigate(url), url).toBe(false);
  });

  it('dev CSP: inline scripts (React refresh preamble) and the HMR socket of that server, nothing more', () => {
    const csp = rendererSource(false, DEV).csp;
    expect(csp).toBe(buildDevCsp(DEV));
    expect(csp).toContain("script-src 'self' 'unsafe-inline';");
    expect(csp).toContain("connect-src 'self' ws://localhost:5173;");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("object-src 'none'");
    // Every other directive is the production one.
    const rest = (p: string) => p.split('; ').filter((d) => !d.startsWith('script-src') && !d.startsWith('connect-src'));
    expect(rest(csp)).toEqual(rest(buildCsp()));
  });
});

describe('the dev predicates where main uses them', () => {
  function fakeIpcMain() {
    const handlers = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
    const ipc: IpcMainLike = { handle: (c, fn) => void handlers.set(c, fn), on: () => undefined, removeHandler: () => undefined, removeAllListeners: () => undefined };
    return { ipc, handlers };
  }

  it('the bridge answers the dev page and refuses another local origin; production refuses the dev page', async () => {
    const { ipc, handlers } = fakeIpcMain();
    // Main passes the same predicate to the core's router and to BridgeIpc.
    const { isAllowedSender } = rendererSource(false, DEV);
    new BridgeIpc(ipc, makeCore({ isAllowedSender }).core.router, isAllowedSender).register();
    const call = (url: string) => handlers.get(IPC.invoke)?.({ senderFrame: { url } }, { callId: 'c', operation: 'profiles.list', input: {} });
    expect(await call(`${DEV}/#/customers`)).toEqual({ ok: true, data: { profiles: [], active_id: null } });
    expect(await call('http://localhost:5174/')).toMatchObject({ ok: false, error: { kind: 'forbidden_sender' } });
    const prod = fakeIpcMain();
    const strict = rendererSource(true, DEV).isAllowedSender;
    new BridgeIpc(prod.ipc, makeCore({ isAllowedSender: strict }).core.router, strict).register();
    expect(await prod.handlers.get(IPC.invoke)?.({ senderFrame: { url: `${DEV}/` } }, { callId: 'p', operation: 'profiles.list', input: {} })).toMatchObject({ ok: false, error: { kind: 'forbidden_sender' } });
  });

  it('web contents let the dev server reload and block every other navigation', () => {
    const handlers = new Map<string, (...a: unknown[]) => void>();
    const contents = { on: (n: string, fn: (...a: unknown[]) => void) => handlers.set(n, fn), setWindowOpenHandler: () => undefined } as unknown as WebContents;
    hardenWebContents(contents, rendererSource(false, DEV).mayNavigate);
    const navigate = (event: string, url: string) => {
      const e = { preventDefault: vi.fn() };
      handlers.get(event)?.(e, url);
      return e.preventDefault.mock.calls.length > 0;
    };
    expect(navigate('will-navigate', `${DEV}/`)).toBe(false);
    expect(navigate('will-redirect', `${DEV}/index.html`)).toBe(false);
    expect(navigate('will-navigate', 'https://example.com/')).toBe(true);
    expect(navigate('will-navigate', 'http://localhost:5174/')).toBe(true);
    expect(navigate('will-redirect', 'https://example.com/')).toBe(true);
  });
});
