import { describe, it, expect, beforeAll } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import type { DocumentDetails } from '../../../shared';
import { buildDemoData, type BusinessData } from '../../../electron/sandbox/seed';
import { renderDocumentPdf, toVisual, fontRuns, hasHebrew, fontPath } from '../../../electron/sandbox/pdf';
import { woffToSfnt } from '../../../electron/sandbox/pdf/woff';

let a: BusinessData;
beforeAll(() => {
  a = buildDemoData(42).A;
});

const text = (pdf: Buffer) => pdf.toString('latin1');
const pageCount = (pdf: Buffer) => (text(pdf).match(/\/Type \/Page\b/g) ?? []).length;
const find = (pred: (d: DocumentDetails) => boolean) => {
  const d = a.documents.find(pred);
  if (!d) throw new Error('no such document in the seed');
  return d;
};

describe('bidi helper', () => {
  it('puts Hebrew with numbers into visual order for right-to-left lines', () => {
    expect(toVisual('שלום 123', 'rtl')).toBe('123 םולש');
    expect(toVisual('חשבונית מס 10049', 'rtl')).toBe('10049 סמ תינובשח');
    expect(toVisual('קפה Latte', 'rtl')).toBe('Latte הפק');
  });

  it('mirrors brackets inside right-to-left runs', () => {
    expect(toVisual('מחיר (כולל מע״מ)', 'rtl')).toBe('(מ״עמ ללוכ) ריחמ');
  });

  it('keeps Latin order in left-to-right lines and reverses only the Hebrew run', () => {
    expect(toVisual('Cold Brew Blend 1 ק״ג', 'ltr')).toBe('Cold Brew Blend 1 ג״ק');
    expect(toVisual('Invoice 10049', 'ltr')).toBe('Invoice 10049');
  });

  it('drops directional marks that Intl puts into Hebrew currency text', () => {
    const shekels = new Intl.NumberFormat('he-IL', { style: 'currency', currency: 'ILS' }).format(9480.12);
    const visual = toVisual(shekels, 'rtl');
    expect(visual).not.toMatch(/[\u200e\u200f]/);
    expect(visual.replace(/\s/g, ' ')).toBe('₪ 9,480.12');
  });

  it('splits a visual line into font runs, Hebrew runs handed back in reading order for the shaper', () => {
    expect(fontRuns(toVisual('שלום 123', 'rtl'))).toEqual([{ text: '123 ', hebrew: false }, { text: 'שלום', hebrew: true }]);
    expect(fontRuns('₪ 5')).toEqual([{ text: '₪', hebrew: true }, { text: ' 5', hebrew: false }]);
    expect(hasHebrew('Latte')).toBe(false);
    expect(hasHebrew('לאטה')).toBe(true);
  });
});

describe('fonts', () => {
  it('resolves the Hebrew and Latin subsets of Noto Sans Hebrew from the package', () => {
    for (const subset of ['hebrew', 'latin'] as const) {
      const path = fontPath(subset, 400);
      expect(path).toMatch(/@fontsource[\\/]noto-sans-hebrew[\\/]files[\\/]noto-sans-hebrew-.+-400-normal\.woff$/);
      expect(existsSync(path)).toBe(true);
    }
  });

  it('unpacks WOFF into an SFNT with the same tables', () => {
    const woff = readFileSync(fontPath('hebrew', 400));
    const sfnt = woffToSfnt(woff);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    expect(sfnt.readUInt16BE(4)).toBe(woff.readUInt16BE(12));
    expect(sfnt.length).toBe(woff.readUInt32BE(16)); // totalSfntSize from the WOFF header
    expect(() => woffToSfnt(Buffer.from('not a font at all, just text...............'))).toThrow(/WOFF/);
  });
});

describe('renderDocumentPdf', () => {
  it('renders an English document as a PDF with a page and the embedded Noto fonts', async () => {
    const pdf = await renderDocumentPdf(find((d) => d.language === 'en'), a.business);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(text(pdf).trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pageCount(pdf)).toBe(1);
    expect(text(pdf)).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansHebrew-Regular/);
    expect(text(pdf)).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansHebrew-Bold/);
    expect(text(pdf)).toContain('/FontFile2');
  });

  it('renders Hebrew and mixed documents, with discount, payments and notes', async () => {
    const docs = [
      find((d) => d.language === 'he' && d.discount_minor !== null && d.payments.length > 0),
      find((d) => d.language === 'en' && d.line_items.some((l) => hasHebrew(l.name))),
      find((d) => d.language === 'he' && d.note !== null),
      find((d) => d.document_type === 'PURCHASE_ORDER'),
    ];
    for (const d of docs) {
      const pdf = await renderDocumentPdf(d, a.business);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pageCount(pdf)).toBeGreaterThanOrEqual(1);
    }
  });

  it('continues long documents on further pages', async () => {
    const base = find((d) => d.language === 'he');
    const first = base.line_items[0]!;
    const lines = Array.from({ length: 60 }, (_, i) => ({ ...first, line_number: i + 1 }));
    const pdf = await renderDocumentPdf({ ...base, line_items: lines }, a.business);
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(3);
  });

  it('gives the same bytes for the same document (no clock inside)', async () => {
    const d = find((x) => x.language === 'he');
    const [x, y] = await Promise.all([renderDocumentPdf(d, a.business), renderDocumentPdf(d, a.business)]);
    expect(x.equals(y)).toBe(true);
  });
});
