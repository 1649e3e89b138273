import { describe, expect, it, vi } from 'vitest';
vi.mock('electron', () => ({}));
const { hardenSession, hardenWebContents, withCsp } = await import('../../../electron/main/security');
const { handlePreventUnload } = await import('../../../electron/main/unload');
const { discardDialog, keyUseDialog, setDialogLanguage } = await import('../../../electron/main/dialog-texts');
const { buildCsp } = await import('../../../electron/core/csp');
import type { Session, WebContents } from 'electron';

function fakeContents() {
  const handlers = new Map<string, (...a: unknown[]) => void>();
  let openHandler: ((d: { url: string }) => { action: string }) | undefined;
  const contents = {
    on: (name: string, fn: (...a: unknown[]) => void) => handlers.set(name, fn),
    setWindowOpenHandler: (fn: typeof openHandler) => { openHandler = fn; },
  };
  return { contents: contents as unknown as WebContents, handlers, open: (url: string) => openHandler?.({ url }) };
}

describe('web contents hardening', () => {
  it('blocks navigation and redirects, denies new windows and webviews', async () => {
    const { contents, handlers, open } = fakeContents();
    hardenWebContents(contents);
    for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const e = { preventDefault: vi.fn() };
      handlers.get(name)?.(e, 'https://elsewhere.example/');
      expect(e.preventDefault, name).toHaveBeenCalledOnce();
    }
    expect(open('https://example.com/doc')).toEqual({ action: 'deny' });
    expect(open('file:///etc/passwd')).toEqual({ action: 'deny' });
  });
});

describe('session hardening', () => {
  it('denies every permission request and check and sets the CSP header', () => {
    const calls: Record<string, unknown> = {};
    const session = {
      setPermissionRequestHandler: (fn: unknown) => { calls.request = fn; },
      setPermissionCheckHandler: (fn: unknown) => { calls.check = fn; },
      setDevicePermissionHandler: (fn: unknown) => { calls.device = fn; },
      webRequest: { onHeadersReceived: (fn: unknown) => { calls.headers = fn; } },
    } as unknown as Session;
    hardenSession(session);
    const granted: boolean[] = [];
    (calls.request as (w: unknown, p: string, cb: (g: boolean) => void) => void)(null, 'media', (g) => granted.push(g));
    expect(granted).toEqual([false]);
    expect((calls.check as () => boolean)()).toBe(false);
    expect((calls.device as () => boolean)()).toBe(false);
    let out: { responseHeaders: Record<string, string[]> } | undefined;
    (calls.headers as (d: unknown, cb: (r: typeof out) => void) => void)({ responseHeaders: { 'content-security-policy': ['default-src *'], 'X-A': 'b' } }, (r) => { out = r; });
    expect(out?.responseHeaders).toEqual({ 'X-A': ['b'], 'Content-Security-Policy': [buildCsp()] });
  });

  it('the CSP forbids inline scripts, eval and network beyond the app', () => {
    const csp = buildCsp();
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/);
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).toContain("object-src 'none'");
    expect(withCsp(undefined)).toEqual({ 'Content-Security-Policy': [csp] });
  });
});

describe('unsaved changes', () => {
  it('lets the unload go ahead only when the user discards', () => {
    const e = { preventDefault: vi.fn() };
    expect(handlePreventUnload(e, () => 1)).toBe(false);
    expect(e.preventDefault).not.toHaveBeenCalled();
    expect(handlePreventUnload(e, (o) => (o.message === 'Discard unsaved changes?' ? 0 : 1))).toBe(true);
    expect(e.preventDefault).toHaveBeenCalledOnce();
    expect(discardDialog().cancelId).toBe(1);
  });

  it('asks in the language the user chose in the app (ui.setLanguage), Keep editing by default', () => {
    setDialogLanguage('he');
    try {
      const asked: string[] = [];
      const e = { preventDefault: vi.fn() };
      handlePreventUnload(e, (o) => { asked.push(o.message, ...(o.buttons ?? [])); return o.defaultId ?? 0; });
      expect(asked).toEqual(['לבטל את השינויים שלא נשמרו?', 'ביטול השינויים', 'המשך עריכה']);
      expect(e.preventDefault).not.toHaveBeenCalled();
      const key = keyUseDialog({ purpose: 'add', profileName: 'עסק', host: 'api.example.com', baseUrl: 'https://api.example.com/v1' });
      expect([key.message, key.defaultId, key.cancelId]).toEqual(['לשלוח את מפתח ה-API שבלוח אל api.example.com?', 1, 1]);
    } finally {
      setDialogLanguage('en');
    }
    expect(discardDialog().message).toBe('Discard unsaved changes?');
  });
});
