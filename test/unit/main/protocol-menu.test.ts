import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
vi.mock('electron', () => ({}));
import { buildCsp } from '../../../electron/core/csp';
import { APP_SCHEME_PRIVILEGES, createAppProtocolHandler, resolveAppPath } from '../../../electron/main/app-protocol';
import { buildMenuTemplate } from '../../../electron/main/menu';

const dir = mkdtempSync(join(tmpdir(), 'bizops-renderer-'));
mkdirSync(join(dir, 'assets'));
writeFileSync(join(dir, 'index.html'), '<!doctype html><title>x</title>');
writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(join(dir, '..', 'secret.txt'), 'nope');

describe('app:// protocol', () => {
  it('is registered as standard and secure', () => {
    expect(APP_SCHEME_PRIVILEGES).toMatchObject({ scheme: 'app', privileges: { standard: true, secure: true, bypassCSP: false, codeCache: true } });
  });

  it('maps URLs inside the renderer folder and refuses to leave it', () => {
    expect(resolveAppPath(dir, 'app://bizops/')).toBe(join(dir, 'index.html'));
    expect(resolveAppPath(dir, 'app://bizops/customers/42')).toBe(join(dir, 'index.html'));
    expect(resolveAppPath(dir, 'app://bizops/assets/app.js')).toBe(join(dir, 'assets', 'app.js'));
    // The URL parser drops encoded dot segments, so this stays inside the folder (and 404s).
    expect(resolveAppPath(dir, 'app://bizops/%2e%2e/secret.txt')).toBe(join(dir, 'secret.txt'));
    expect(resolveAppPath(dir, 'app://bizops/assets/%2e%2e%2f%2e%2e%2fsecret.txt')).toBeNull();
    expect(resolveAppPath(dir, 'app://other/index.html')).toBeNull();
    expect(resolveAppPath(dir, 'file:///etc/passwd')).toBeNull();
    expect(resolveAppPath(dir, 'app://bizops/%E0%A4%A')).toBeNull();
  });

  it('serves files with the CSP header and 404s the rest', async () => {
    const handle = createAppProtocolHandler(dir);
    const ok = await handle(new Request('app://bizops/assets/app.js'));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-security-policy')).toBe(buildCsp());
    expect(ok.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await ok.text()).toBe('console.log(1)');
    expect((await handle(new Request('app://bizops/assets/missing.js'))).status).toBe(404);
    expect((await handle(new Request('app://bizops/%2e%2e/secret.txt'))).status).toBe(404);
    expect((await handle(new Request('app://bizops/', { method: 'POST', body: 'x' }))).status).toBe(404);
  });
});

describe('application menu', () => {
  const roles = (t: ReturnType<typeof buildMenuTemplate>) => t.map((m) => m.role ?? m.label);

  it('has the standard menus and a Help menu on Windows/Linux', () => {
    const t = buildMenuTemplate({ appName: 'BizOps Desktop', isMac: false, showKeyHelp: () => {}, showAbout: () => {} });
    expect(roles(t)).toEqual(['fileMenu', 'editMenu', 'viewMenu', 'windowMenu', 'help']);
    const edit = t[1]?.submenu as { role?: string }[];
    expect(edit.map((i) => i.role).filter(Boolean)).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'pasteAndMatchStyle', 'delete', 'selectAll']);
  });

  it('adds the app menu on macOS and wires the Help items', () => {
    const showKeyHelp = vi.fn();
    const t = buildMenuTemplate({ appName: 'BizOps Desktop', isMac: true, showKeyHelp, showAbout: () => {} });
    expect(roles(t)).toEqual(['BizOps Desktop', 'fileMenu', 'editMenu', 'viewMenu', 'windowMenu', 'help']);
    const help = t.at(-1)?.submenu as { label?: string; click?: () => void }[];
    help[0]?.click?.();
    expect(showKeyHelp).toHaveBeenCalledOnce();
  });
});
