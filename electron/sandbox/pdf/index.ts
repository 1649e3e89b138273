/**
 * `renderDocumentPdf(doc, business)`: a real A4 PDF of a document with pdfkit and embedded
 * Noto Sans Hebrew. Hebrew documents are laid out right to left; mixed text is reordered with
 * the Unicode bidi algorithm.
 */
import PDFDocument from 'pdfkit';
import type { Business, DocumentDetails } from '../../../shared';
import { registerFonts, Writer } from './text';
import { header, parties, lineTable, totals, payments, note, footers, type Ctx } from './layout';
import { DOCUMENT_TYPE_LABELS } from './labels';

export { toVisual, fontRuns, hasHebrew } from './bidi';
export { fontPath } from './fonts';

/** Creation date from the document, not the clock, so the same document gives the same bytes. */
export function renderDocumentPdf(d: DocumentDetails, business: Business): Promise<Buffer> {
  const lang = d.language === 'he' ? 'he' : 'en';
  const doc = new PDFDocument({
    size: 'A4', margin: 0, bufferPages: true, lang: lang === 'he' ? 'he-IL' : 'en-IL', displayTitle: true,
    info: {
      Title: `${DOCUMENT_TYPE_LABELS[lang][d.document_type]} ${d.document_number}`,
      Author: business.english_name ?? business.name,
      Producer: 'BizOps sandbox',
      CreationDate: new Date(d.created_at),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    registerFonts(doc);
    const rtl = lang === 'he';
    const ctx: Ctx = { doc, w: new Writer(doc, rtl ? 'rtl' : 'ltr'), lang, locale: rtl ? 'he-IL' : 'en-IL', rtl, y: 0 };
    header(ctx, d, business);
    parties(ctx, d);
    lineTable(ctx, d);
    totals(ctx, d);
    payments(ctx, d);
    note(ctx, d);
    footers(ctx, business);
    doc.end();
  } catch (err) {
    doc.end();
    return Promise.reject(err);
  }
  return done;
}
