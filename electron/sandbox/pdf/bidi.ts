/**
 * Right-to-left text for the PDF. pdfkit draws glyphs strictly left to right, so each line is
 * reordered into visual order with the Unicode bidi algorithm (bidi-js) before drawing.
 */
import bidiFactory from 'bidi-js';

const bidi = bidiFactory();
/** Directional marks and isolates: they steer the algorithm but have no glyph of their own. */
const CONTROLS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;
/** Characters drawn with the Hebrew font (letters, points, geresh/gershayim, presentation forms, shekel sign). */
const HEBREW_GLYPH = /[\u0590-\u05ff\ufb1d-\ufb4f\u20aa]/;
const HEBREW_LETTER = /[\u0590-\u05ff\ufb1d-\ufb4f]/;

export type Direction = 'ltr' | 'rtl';

export const hasHebrew = (text: string): boolean => HEBREW_LETTER.test(text);

/** One line of logical text -> the same characters in the order they appear on the page, left to right. */
export function toVisual(text: string, base: Direction): string {
  const line = text.replace(/[\r\n]+/g, ' ');
  const levels = bidi.getEmbeddingLevels(line, base);
  const chars = [...line];
  // bidi-js indexes UTF-16 code units; document text is in the BMP, so chars[i] matches index i.
  bidi.getMirroredCharactersMap(line, levels.levels).forEach((replacement, i) => { chars[i] = replacement; });
  for (const [start, end] of bidi.getReorderSegments(line, levels)) {
    if (start === undefined || end === undefined) continue;
    const flipped = chars.slice(start, end + 1).reverse();
    chars.splice(start, flipped.length, ...flipped);
  }
  return chars.join('').replace(CONTROLS, '');
}

export interface FontRun { text: string; hebrew: boolean }

/**
 * Splits a visual-order line into runs per font. The font engine (fontkit) itself reverses
 * runs of Hebrew script, so Hebrew runs are handed over in reading order to come out visual.
 */
export function fontRuns(visual: string): FontRun[] {
  const runs: FontRun[] = [];
  for (const ch of visual) {
    const hebrew = HEBREW_GLYPH.test(ch);
    const last = runs[runs.length - 1];
    if (last && last.hebrew === hebrew) last.text += ch;
    else runs.push({ text: ch, hebrew });
  }
  return runs.map((r) => (r.hebrew && HEBREW_LETTER.test(r.text) ? { ...r, text: [...r.text].reverse().join('') } : r));
}
