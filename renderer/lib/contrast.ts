/** WCAG 2 contrast maths for the theme (DOM-free, so unit tests run it under Node). */

/** WCAG 2 AA for normal-size text; badges and captions here are small, so every text colour meets it. */
export const MIN_CONTRAST = 4.5;

interface Rgb { r: number; g: number; b: number }

function parseHex(color: string): Rgb {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color);
  if (!m?.[1]) throw new Error(`not a #rgb or #rrggbb colour: ${color}`);
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return { r: parseInt(h.slice(0, 2), 16), g: parseInt(h.slice(2, 4), 16), b: parseInt(h.slice(4, 6), 16) };
}

const toHex = ({ r, g, b }: Rgb) => `#${[r, g, b].map((n) => Math.round(n).toString(16).padStart(2, '0')).join('')}`;

/** WCAG relative luminance. */
export function relativeLuminance(color: string): number {
  const { r, g, b } = parseHex(color);
  const lin = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` at `opacity` painted over `under` (Mantine's light variants are translucent), as #rrggbb. */
export function paintOver(color: string, opacity: number, under: string): string {
  const top = parseHex(color);
  const bottom = parseHex(under);
  const mix = (t: number, b: number) => t * opacity + b * (1 - opacity);
  return toHex({ r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b) });
}

/**
 * The first candidate that reads at MIN_CONTRAST on every background; past the last, the last
 * darkened (or, for a dark scheme, lightened) until it does.
 */
export function readable(candidates: readonly string[], backgrounds: readonly string[], toward: '#000000' | '#ffffff' = '#000000'): string {
  const ok = (c: string) => backgrounds.every((b) => contrastRatio(c, b) >= MIN_CONTRAST);
  const found = candidates.find(ok);
  if (found) return found;
  let c = candidates[candidates.length - 1] ?? toward;
  for (let step = 0; step < 20 && !ok(c); step++) c = paintOver(toward, 0.1, c);
  return c;
}

/** The parts of a Mantine theme the colour variables depend on. */
export interface PaletteInput {
  colors: Record<string, readonly string[]>;
  white: string;
  primaryColor: string;
  /** Mantine's light-scheme primary shade (6 by default). */
  shade: number;
  /** Above this luminance a filled colour gets black text (Mantine's autoContrast rule). */
  luminanceThreshold: number;
}

/**
 * Light-scheme colour variables that meet MIN_CONTRAST. Mantine's defaults use the primary shade
 * (6) for text, filled backgrounds and light-variant text, which is below AA for most palettes
 * (teal, orange, indigo...). Text colours move to the first darker shade that passes on white, on
 * striped and hovered rows and on the colour's own light background; filled backgrounds under
 * white text likewise. Light colours keep their filled shade: autoContrast gives them black text.
 */
export function accessibleLightVariables(p: PaletteInput): Record<string, string> {
  const gray = p.colors.gray ?? [];
  const rows = [p.white, gray[0] ?? p.white, gray[1] ?? p.white];
  const vars: Record<string, string> = {};
  for (const [name, tuple] of Object.entries(p.colors)) {
    const base = tuple[p.shade];
    if (!base) continue;
    const darker = tuple.slice(p.shade);
    const text = readable(darker, [...rows, ...rows.map((r) => paintOver(base, 0.12, r))]);
    vars[`--mantine-color-${name}-text`] = text;
    vars[`--mantine-color-${name}-light-color`] = text;
    vars[`--mantine-color-${name}-outline`] = text;
    if (relativeLuminance(base) <= p.luminanceThreshold) {
      const filled = readable(darker, [p.white]);
      vars[`--mantine-color-${name}-filled`] = filled;
      vars[`--mantine-color-${name}-filled-hover`] = paintOver('#000000', 0.1, filled);
    }
  }
  vars['--mantine-color-dimmed'] = readable(gray.slice(6), rows);
  vars['--mantine-color-anchor'] = vars[`--mantine-color-${p.primaryColor}-text`] ?? '#000000';
  vars['--mantine-color-error'] = vars['--mantine-color-red-text'] ?? '#000000';
  return vars;
}

/** The parts of a Mantine theme the dark scheme's colour variables depend on. */
export interface DarkPaletteInput {
  colors: Record<string, readonly string[]>;
  white: string;
  primaryColor: string;
  /** Mantine's dark-scheme primary shade (8 by default). */
  shade: number;
  luminanceThreshold: number;
}

/**
 * Dark-scheme colour variables that meet MIN_CONTRAST: the same idea as the light ones, mirrored.
 * Mantine's dark defaults put shade 4 text, shade 3 light-variant text and dark-2 dimmed text on
 * dark-7 (the page), dark-6 (striped rows, inputs) and dark-5 (hovered rows); several of those fall
 * below AA (dimmed, indigo, violet, red errors...). Text moves to the first lighter shade that passes
 * everywhere, the light variant's translucent background included; filled backgrounds under white
 * text to the first darker shade that passes.
 */
export function accessibleDarkVariables(p: DarkPaletteInput): Record<string, string> {
  const dark = p.colors.dark ?? [];
  const rows = [dark[7] ?? '#242424', dark[6] ?? '#2e2e2e', dark[5] ?? '#3b3b3b'];
  const vars: Record<string, string> = {};
  for (const [name, tuple] of Object.entries(p.colors)) {
    if (name === 'dark') continue;
    const lightBg = tuple[Math.max(0, p.shade - 2)];
    const base = tuple[p.shade];
    if (!lightBg || !base) continue;
    const lighter = tuple.slice(0, 5).reverse();
    const text = readable(lighter, [...rows, ...rows.map((r) => paintOver(lightBg, 0.2, r))], '#ffffff');
    vars[`--mantine-color-${name}-text`] = text;
    vars[`--mantine-color-${name}-light-color`] = text;
    vars[`--mantine-color-${name}-outline`] = text;
    if (relativeLuminance(base) <= p.luminanceThreshold) {
      const filled = readable(tuple.slice(p.shade), [p.white]);
      vars[`--mantine-color-${name}-filled`] = filled;
      vars[`--mantine-color-${name}-filled-hover`] = paintOver('#000000', 0.1, filled);
    }
  }
  vars['--mantine-color-dimmed'] = readable(dark.slice(0, 3).reverse(), rows, '#ffffff');
  vars['--mantine-color-anchor'] = vars[`--mantine-color-${p.primaryColor}-text`] ?? '#ffffff';
  vars['--mantine-color-error'] = vars['--mantine-color-red-text'] ?? '#ffffff';
  return vars;
}
