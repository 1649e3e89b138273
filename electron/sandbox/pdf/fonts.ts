/**
 * Noto Sans Hebrew from @fontsource: the `hebrew` subset carries the Hebrew letters and the
 * shekel sign, the `latin` subset digits, punctuation and Latin letters, so both are embedded.
 * They are unpacked to SFNT once per process. Paths resolve from the package itself, which works under tsx, vitest and the bundled app.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { woffToSfnt } from './woff';

export type Weight = 400 | 700;
export interface FontFiles { hebrew: Buffer; latin: Buffer }

const require = createRequire(import.meta.url);
const cache = new Map<Weight, FontFiles>();

export function fontPath(subset: 'hebrew' | 'latin', weight: Weight): string {
  return require.resolve(`@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-${subset}-${weight}-normal.woff`);
}

export function loadFonts(weight: Weight): FontFiles {
  let files = cache.get(weight);
  if (!files) {
    files = { hebrew: woffToSfnt(readFileSync(fontPath('hebrew', weight))), latin: woffToSfnt(readFileSync(fontPath('latin', weight))) };
    cache.set(weight, files);
  }
  return files;
}

/** Names the fonts are registered under in each PDF document. */
export const FONT_NAMES = {
  400: { hebrew: 'NotoHebrew', latin: 'NotoLatin' },
  700: { hebrew: 'NotoHebrew-Bold', latin: 'NotoLatin-Bold' },
} as const;
