import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HtmlTagDescriptor, IndexHtmlTransformHook } from 'vite';
import config, { cspMetaPlugin } from '../../electron.vite.config';
import { buildCsp, buildMetaCsp } from '../../electron/core/csp';
import { ensureRendererBuilt, RENDERER_OUT, ROOT } from '../harness/renderer-build';

const directives = (policy: string): string[] => policy.split(';').map((d) => d.trim()).filter(Boolean);

const metaPolicies = (html: string): string[] =>
  [...html.matchAll(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/gi)].map((m) => m[1]!.replaceAll('&#39;', "'").replaceAll('&quot;', '"'));

describe('CSP meta tag: production builds only, one policy', () => {
  it('is the header policy less frame-ancestors (ignored in a <meta>, with a console error): the header keeps it', () => {
    const header = directives(buildCsp());
    const meta = directives(buildMetaCsp());
    expect(header).toContain("frame-ancestors 'none'");
    expect(meta.some((d) => d.startsWith('frame-ancestors'))).toBe(false);
    expect(header.filter((d) => !meta.includes(d))).toEqual(["frame-ancestors 'none'"]);
    expect(meta.every((d) => header.includes(d))).toBe(true);
  });

  it('the plugin runs only in builds and injects exactly buildMetaCsp() at the top of <head>', () => {
    const plugin = cspMetaPlugin();
    expect(plugin.apply).toBe('build');
    const hook = plugin.transformIndexHtml as IndexHtmlTransformHook;
    const tags = hook.call(undefined as unknown as ThisParameterType<IndexHtmlTransformHook>, '<html><head></head></html>', { path: '/index.html', filename: 'index.html' }) as HtmlTagDescriptor[];
    expect(tags).toEqual([{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: buildMetaCsp() }, injectTo: 'head-prepend' }]);
  });

  it('is part of the renderer config, and the source page (served by the dev server) has no CSP meta', () => {
    const renderer = (config as { renderer?: { plugins?: unknown[] } }).renderer;
    const names = (renderer?.plugins ?? []).flat().map((p) => (p as { name?: string }).name);
    expect(names).toContain('bizops-csp-meta');
    expect(metaPolicies(readFileSync(join(ROOT, 'renderer/index.html'), 'utf8'))).toEqual([]);
  });

  it('the built out/renderer/index.html carries exactly the meta policy, once', () => {
    ensureRendererBuilt();
    const html = readFileSync(join(RENDERER_OUT, 'index.html'), 'utf8');
    expect(metaPolicies(html)).toEqual([buildMetaCsp()]);
    // The policy comes before any script so it governs them all.
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
  });
}, 180_000);
