import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHIP_COLORS, statusColor } from '../../renderer/kit/statusColor';
import { DEFAULT_THEME } from '@mantine/core';
import { accessibleDarkVariables, accessibleLightVariables, contrastRatio, MIN_CONTRAST, paintOver, readable, relativeLuminance } from '../../renderer/lib/contrast';

const t = DEFAULT_THEME;
const vars = accessibleLightVariables({ colors: t.colors, white: t.white, primaryColor: 'indigo', shade: 6, luminanceThreshold: t.luminanceThreshold });
const rows = [t.white, t.colors.gray[0], t.colors.gray[1]];

describe('contrast helpers', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#ffffff')).toBe(1);
    // Mantine's default dimmed grey on white: the value axe reported (3.32:1).
    expect(contrastRatio(t.colors.gray[6], '#ffffff')).toBeCloseTo(3.32, 2);
    expect(() => relativeLuminance('var(--x)')).toThrow(/not a #rgb/);
  });

  it('paints translucent colours over a background', () => {
    expect(paintOver('#000000', 0.5, '#ffffff')).toBe('#808080');
    // Mantine's indigo light-variant background, as axe measured it.
    expect(paintOver('#4c6ef5', 0.1, '#ffffff')).toBe('#edf1fe');
  });

  it('picks the first passing candidate, else darkens the last until it passes', () => {
    expect(readable(['#ffffff', '#777777', '#000000'], ['#ffffff'])).toBe('#000000');
    expect(readable(['#ffffff', '#595959'], ['#ffffff'])).toBe('#595959');
    const forced = readable(['#fab005'], ['#ffffff']);
    expect(forced).not.toBe('#fab005');
    expect(contrastRatio(forced, '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });
});

describe('Mantine palette made WCAG AA in the light scheme', () => {
  for (const name of Object.keys(t.colors)) {
    it(`${name}: text, light-variant text and filled backgrounds`, () => {
      const text = vars[`--mantine-color-${name}-text`]!;
      const base = t.colors[name]![6];
      for (const bg of [...rows, ...rows.map((r) => paintOver(base, 0.12, r))]) {
        expect(contrastRatio(text, bg), `${name} text on ${bg}`).toBeGreaterThanOrEqual(MIN_CONTRAST);
      }
      expect(vars[`--mantine-color-${name}-light-color`]).toBe(text);
      const filled = vars[`--mantine-color-${name}-filled`];
      if (relativeLuminance(base) > t.luminanceThreshold) {
        // Not overridden: Mantine's own shade, with black text from autoContrast.
        expect(filled).toBeUndefined();
        expect(contrastRatio(t.black, base)).toBeGreaterThanOrEqual(MIN_CONTRAST);
      } else {
        expect(contrastRatio(t.white, filled!), `white on ${name} filled`).toBeGreaterThanOrEqual(MIN_CONTRAST);
      }
    });
  }

  it('dimmed text, links and errors are readable on white and on table rows', () => {
    for (const key of ['--mantine-color-dimmed', '--mantine-color-anchor', '--mantine-color-error']) {
      for (const bg of rows) expect(contrastRatio(vars[key]!, bg), `${key} on ${bg}`).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
    expect(vars['--mantine-color-dimmed']).toBe(t.colors.gray[7]);
    expect(vars['--mantine-color-anchor']).toBe(vars['--mantine-color-indigo-text']);
  });

  it('keeps palette shades where they pass (indigo filled is shade 7, red shade 8), light colours untouched', () => {
    expect(vars['--mantine-color-indigo-filled']).toBe(t.colors.indigo[7]);
    expect(vars['--mantine-color-red-filled']).toBe(t.colors.red[8]);
    expect(vars['--mantine-color-yellow-filled']).toBeUndefined();
  });
});

describe('Mantine palette made WCAG AA in the dark scheme', () => {
  const dark = accessibleDarkVariables({ colors: t.colors, white: t.white, primaryColor: 'indigo', shade: 8, luminanceThreshold: t.luminanceThreshold });
  const page = [t.colors.dark[7], t.colors.dark[6], t.colors.dark[5]];
  for (const name of Object.keys(t.colors).filter((n) => n !== 'dark')) {
    it(`${name}: text and light-variant text on the page, rows and its own light background; white on filled`, () => {
      const text = dark[`--mantine-color-${name}-text`]!;
      const lightBg = t.colors[name]![6];
      for (const bg of [...page, ...page.map((r) => paintOver(lightBg, 0.2, r))]) {
        expect(contrastRatio(text, bg), `${name} text on ${bg}`).toBeGreaterThanOrEqual(MIN_CONTRAST);
      }
      expect(dark[`--mantine-color-${name}-light-color`]).toBe(text);
      const filled = dark[`--mantine-color-${name}-filled`];
      if (filled) expect(contrastRatio(t.white, filled), `white on ${name} filled`).toBeGreaterThanOrEqual(MIN_CONTRAST);
    });
  }

  it('dimmed text, links and errors read on the page and on rows', () => {
    for (const key of ['--mantine-color-dimmed', '--mantine-color-anchor', '--mantine-color-error']) {
      for (const bg of page) expect(contrastRatio(dark[key]!, bg), `${key} on ${bg}`).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
    // Mantine's own dimmed (dark-2) is below AA on its page: the reason for this module.
    expect(contrastRatio(t.colors.dark[2], t.colors.dark[7])).toBeLessThan(MIN_CONTRAST);
  });

  it('lightens past the lightest candidate when none passes', () => {
    const forced = readable(['#333333'], ['#242424'], '#ffffff');
    expect(contrastRatio(forced, '#242424')).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });
});

describe('status chips', () => {
  it('have a colour rule in app.css for every colour a chip can take, and the status table uses only those', () => {
    const css = readFileSync(new URL('../../renderer/styles/app.css', import.meta.url), 'utf8');
    const ruled = new Set([...css.matchAll(/\.chip\[data-color="([a-z]+)"\]\s*\{\s*--chip-bg: var\(--mantine-color-\1-light\); --chip-fg: var\(--mantine-color-\1-light-color\); \}/g)].map((m) => m[1]));
    expect([...ruled].sort()).toEqual([...CHIP_COLORS].sort());
    for (const s of ['active', 'draft', 'converted', 'contacted', 'proposal', 'negotiation', 'needs_review', 'partially_paid', 'lost', 'credited', 'voided', 'no-such-status']) {
      expect(ruled.has(statusColor(s)), s).toBe(true);
    }
  });
});
