import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../../electron.vite.config';
import { ensureRendererBuilt, RENDERER_OUT } from '../../harness/renderer-build';

const HINT = '//# allFunctionsCalledOnLoad\n';

describe('compile hints: lazily loaded chunks compile whole when they load, the entry stays lazy', () => {
  it('is part of the renderer config', () => {
    const renderer = (config as { renderer?: { plugins?: unknown[] } }).renderer;
    expect((renderer?.plugins ?? []).flat().map((p) => (p as { name?: string }).name)).toContain('bizops-compile-hints');
  });

  it('the built chunks: every one but the entry starts with the hint', () => {
    ensureRendererBuilt();
    const html = readFileSync(join(RENDERER_OUT, 'index.html'), 'utf8');
    const entry = /<script[^>]+src="\.\/assets\/([^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeTruthy();
    const chunks = readdirSync(join(RENDERER_OUT, 'assets')).filter((f) => f.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(10);
    for (const f of chunks) {
      const head = readFileSync(join(RENDERER_OUT, 'assets', f), 'utf8').slice(0, HINT.length);
      expect([f, head === HINT]).toEqual([f, f !== entry]);
    }
  });
}, 180_000);
