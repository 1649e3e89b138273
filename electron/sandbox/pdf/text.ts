/**
 * Drawing bidirectional text with two embedded fonts: each line is reordered to visual order,
 * split into Hebrew / Latin font runs, measured, then drawn run by run at explicit positions.
 */
import type PDFDocument from 'pdfkit';
import { toVisual, fontRuns, type Direction } from './bidi';
import { FONT_NAMES, loadFonts, type Weight } from './fonts';

type Doc = InstanceType<typeof PDFDocument>;
export type Align = 'left' | 'right' | 'center';
export interface TextStyle { size: number; bold?: boolean; color?: string }

export function registerFonts(doc: Doc): void {
  for (const weight of [400, 700] as const) {
    const files = loadFonts(weight);
    doc.registerFont(FONT_NAMES[weight].hebrew, files.hebrew);
    doc.registerFont(FONT_NAMES[weight].latin, files.latin);
  }
}

export class Writer {
  constructor(private readonly doc: Doc, readonly base: Direction) {}

  /** The side where lines start: right for Hebrew documents. */
  get start(): Align { return this.base === 'rtl' ? 'right' : 'left'; }
  get end(): Align { return this.base === 'rtl' ? 'left' : 'right'; }

  private runs(text: string, style: TextStyle) {
    const names = FONT_NAMES[(style.bold ? 700 : 400) as Weight];
    return fontRuns(toVisual(text, this.base)).map((r) => {
      const font = r.hebrew ? names.hebrew : names.latin;
      return { text: r.text, font, width: this.doc.font(font).fontSize(style.size).widthOfString(r.text) };
    });
  }

  width(text: string, style: TextStyle): number {
    return this.runs(text, style).reduce((s, r) => s + r.width, 0);
  }

  /** Draws one line inside [x, x + width], shortening it with an ellipsis when it does not fit. */
  line(text: string, x: number, y: number, width: number, style: TextStyle, align: Align): void {
    let shown = text;
    while (shown.length > 1 && this.width(shown, style) > width) shown = `${shown.slice(0, -2).trimEnd()}…`;
    const runs = this.runs(shown, style);
    const total = runs.reduce((s, r) => s + r.width, 0);
    let cx = align === 'left' ? x : align === 'right' ? x + width - total : x + (width - total) / 2;
    this.doc.fillColor(style.color ?? '#222222');
    for (const r of runs) {
      this.doc.font(r.font).fontSize(style.size).text(r.text, cx, y, { lineBreak: false });
      cx += r.width;
    }
  }

  /** Breaks logical text into lines no wider than `width` (words stay whole unless alone too long). */
  wrap(text: string, width: number, style: TextStyle): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      let current = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = current ? `${current} ${word}` : word;
        if (current && this.width(candidate, style) > width) {
          lines.push(current);
          current = word;
        } else current = candidate;
      }
      lines.push(current);
    }
    return lines;
  }

  /** Draws wrapped text and returns the height it took. */
  block(text: string, x: number, y: number, width: number, style: TextStyle, align: Align, maxLines = Infinity): number {
    const lineHeight = style.size * 1.35;
    const lines = this.wrap(text, width, style);
    const shown = lines.slice(0, maxLines);
    if (lines.length > shown.length && shown.length) shown[shown.length - 1] += ' …';
    shown.forEach((l, i) => this.line(l, x, y + i * lineHeight, width, style, align));
    return shown.length * lineHeight;
  }
}
