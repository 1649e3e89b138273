/**
 * A4 invoice layout. Every horizontal position is computed for left-to-right and mirrored for
 * Hebrew documents, so the whole page (header, table columns, totals box) reads from the right.
 */
import type PDFDocument from 'pdfkit';
import { formatMoney, formatQty, VAT_RATE_PERCENT, type Business, type DocumentDetails } from '../../../shared';
import type { Writer, Align, TextStyle } from './text';
import { DOCUMENT_TYPE_LABELS, PAYMENT_METHOD_LABELS, PDF_WORDS } from './labels';

type Doc = InstanceType<typeof PDFDocument>;
type Lang = 'he' | 'en';

export const PAGE = { width: 595.28, height: 841.89, margin: 40 } as const;
const CONTENT = PAGE.width - PAGE.margin * 2;
const BOTTOM = PAGE.height - 70;
const ACCENT = '#6B3E26';
const MUTED = '#6F6F6F';
const LINE = '#D9CFC7';
const HEAD_FILL = '#F3ECE6';
const ZEBRA = '#FBF8F6';

export interface Ctx { doc: Doc; w: Writer; lang: Lang; locale: string; rtl: boolean; y: number }

/** x of a box `width` wide placed `offset` from the start side of the content area. */
const boxX = (c: Ctx, offset: number, width: number) => (c.rtl ? PAGE.margin + CONTENT - offset - width : PAGE.margin + offset);
const words = (c: Ctx) => PDF_WORDS[c.lang];
const money = (c: Ctx, minor: number, currency: string) => formatMoney(minor, currency, c.locale);
const small = (color = MUTED): TextStyle => ({ size: 8.5, color });
export const dateText = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

function rule(c: Ctx, y: number, color = LINE) {
  c.doc.moveTo(PAGE.margin, y).lineTo(PAGE.margin + CONTENT, y).lineWidth(0.7).strokeColor(color).stroke();
}

export function header(c: Ctx, d: DocumentDetails, b: Business): void {
  const { doc, w } = c;
  doc.rect(0, 0, PAGE.width, 6).fill(ACCENT);
  const half = CONTENT / 2;
  const bx = boxX(c, 0, half);
  const main = c.lang === 'en' ? b.english_name ?? b.name : b.name;
  const second = c.lang === 'en' ? (b.english_name ? b.name : null) : b.english_name;
  let y = PAGE.margin;
  w.line(main, bx, y, half, { size: 16, bold: true, color: ACCENT }, w.start);
  y += 21;
  if (second) { w.line(second, bx, y, half, { size: 10, color: MUTED }, w.start); y += 14; }
  const addr = [b.address.street, b.address.city, b.address.postal_code].filter(Boolean).join(', ');
  const facts = [
    b.business_number ? `${words(c).businessNumber} ${b.business_number}` : null,
    addr || null,
    [b.phone, b.email].filter(Boolean).join('  ·  ') || null,
  ].filter((v): v is string => v !== null);
  for (const f of facts) { w.line(f, bx, y, half, small(), w.start); y += 12; }

  const dx = boxX(c, half, half);
  w.line(DOCUMENT_TYPE_LABELS[c.lang][d.document_type], dx, PAGE.margin, half, { size: 20, bold: true, color: '#222222' }, w.end);
  w.line(`${words(c).number} ${d.document_number}`, dx, PAGE.margin + 27, half, { size: 12, bold: true, color: ACCENT }, w.end);
  w.line(words(c).original, dx, PAGE.margin + 44, half, small(), w.end);
  c.y = Math.max(y, PAGE.margin + 60) + 10;
  rule(c, c.y, ACCENT);
  c.y += 14;
}

export function parties(c: Ctx, d: DocumentDetails): void {
  const { w } = c;
  const half = CONTENT / 2;
  const cx = boxX(c, 0, half);
  const caption = d.document_type === 'PURCHASE_ORDER' ? words(c).supplier : words(c).customer;
  w.line(caption, cx, c.y, half, small(), w.start);
  w.line(d.customer.name, cx, c.y + 13, half, { size: 12.5, bold: true }, w.start);
  const rows: [string, string][] = [[words(c).issueDate, dateText(d.issue_date)]];
  if (d.due_date) rows.push([words(c).dueDate, dateText(d.due_date)]);
  rows.forEach(([k, v], i) => {
    const y = c.y + i * 15;
    const labelW = 90;
    const valueX = c.rtl ? PAGE.margin : PAGE.margin + CONTENT - 80;
    const labelX = c.rtl ? valueX + 80 : valueX - labelW;
    w.line(k, labelX, y + 1, labelW, small(), c.rtl ? 'right' : 'left');
    w.line(v, valueX, y, 80, { size: 10, bold: true }, w.end);
  });
  c.y += Math.max(34, rows.length * 15) + 12;
  if (d.title) {
    c.y += c.w.block(d.title, PAGE.margin, c.y, CONTENT, { size: 11.5, bold: true, color: ACCENT }, w.start, 2) + 6;
  }
}

interface Column { key: 'line' | 'item' | 'quantity' | 'unitPrice' | 'lineTotal'; width: number; align: 'start' | 'end' | 'center' }
const COLUMNS: readonly Column[] = [
  { key: 'line', width: 24, align: 'center' }, { key: 'item', width: 251, align: 'start' }, { key: 'quantity', width: 60, align: 'end' },
  { key: 'unitPrice', width: 85, align: 'end' }, { key: 'lineTotal', width: 95, align: 'end' },
];
const PAD = 6;

function columnsX(c: Ctx): { col: Column; x: number; align: Align }[] {
  let offset = 0;
  return COLUMNS.map((col) => {
    const x = boxX(c, offset, col.width);
    offset += col.width;
    const align: Align = col.align === 'center' ? 'center' : col.align === 'start' ? c.w.start : c.w.end;
    return { col, x, align };
  });
}

function tableHead(c: Ctx) {
  c.doc.rect(PAGE.margin, c.y, CONTENT, 20).fill(HEAD_FILL);
  for (const { col, x, align } of columnsX(c)) c.w.line(words(c)[col.key], x + PAD, c.y + 5.5, col.width - PAD * 2, { size: 9, bold: true, color: ACCENT }, align);
  c.y += 20;
}

/** Starts a new page when `height` does not fit; returns true when it did. */
export function ensureRoom(c: Ctx, height: number, onNewPage?: () => void): boolean {
  if (c.y + height <= BOTTOM) return false;
  c.doc.addPage();
  c.doc.rect(0, 0, PAGE.width, 6).fill(ACCENT);
  c.y = PAGE.margin;
  onNewPage?.();
  return true;
}

export function lineTable(c: Ctx, d: DocumentDetails): void {
  tableHead(c);
  const cols = columnsX(c);
  const itemCol = cols[1]!;
  const nameStyle: TextStyle = { size: 9.5 };
  d.line_items.forEach((l, i) => {
    const nameLines = c.w.wrap(l.name, itemCol.col.width - PAD * 2, nameStyle).slice(0, 2);
    const height = 8 + nameLines.length * 13 + (l.sku ? 11 : 0);
    ensureRoom(c, height, () => tableHead(c));
    if (i % 2 === 1) c.doc.rect(PAGE.margin, c.y, CONTENT, height).fill(ZEBRA);
    const values: Record<Column['key'], string> = {
      line: String(l.line_number), item: '', quantity: formatQty(l.quantity, c.locale),
      unitPrice: money(c, l.unit_price_minor, l.currency), lineTotal: money(c, l.total_minor, l.currency),
    };
    for (const { col, x, align } of cols) {
      if (col.key === 'item') {
        nameLines.forEach((t, k) => c.w.line(t, x + PAD, c.y + 5 + k * 13, col.width - PAD * 2, nameStyle, align));
        if (l.sku) c.w.line(`${words(c).sku} ${l.sku}`, x + PAD, c.y + 5 + nameLines.length * 13, col.width - PAD * 2, small(), align);
      } else c.w.line(values[col.key], x + PAD, c.y + 5, col.width - PAD * 2, { size: 9.5 }, align);
    }
    c.y += height;
    c.doc.moveTo(PAGE.margin, c.y).lineTo(PAGE.margin + CONTENT, c.y).lineWidth(0.4).strokeColor(LINE).stroke();
  });
  c.y += 12;
}

export function totals(c: Ctx, d: DocumentDetails): void {
  const linesTotal = d.line_items.reduce((s, l) => s + l.total_minor, 0);
  const rows: [string, number][] = [];
  if (d.discount_minor) rows.push([words(c).linesTotal, linesTotal], [words(c).discount, -d.discount_minor]);
  rows.push([words(c).subtotal, d.subtotal_minor], [`${words(c).vat} ${VAT_RATE_PERCENT}%`, d.vat_minor]);
  const boxW = 240;
  ensureRoom(c, rows.length * 17 + 34);
  const x = boxX(c, CONTENT - boxW, boxW);
  rows.forEach(([label, value]) => {
    c.w.line(label, x + PAD, c.y, boxW * 0.55, { size: 9.5, color: MUTED }, c.w.start === 'right' ? 'right' : 'left');
    c.w.line(money(c, value, d.currency), x + PAD, c.y, boxW - PAD * 2, { size: 9.5 }, c.w.end);
    c.y += 17;
  });
  c.doc.rect(x, c.y, boxW, 26).fill(ACCENT);
  const labelX = c.rtl ? x + boxW - PAD - 120 : x + PAD;
  c.w.line(words(c).total, labelX, c.y + 7, 120, { size: 11, bold: true, color: '#FFFFFF' }, c.w.start);
  c.w.line(money(c, d.total_minor, d.currency), x + PAD, c.y + 6.5, boxW - PAD * 2, { size: 12, bold: true, color: '#FFFFFF' }, c.w.end);
  c.y += 40;
}

export function payments(c: Ctx, d: DocumentDetails): void {
  if (!d.payments.length) return;
  const width = 320;
  const cols: [string, number][] = [[words(c).method, 130], [words(c).date, 80], [words(c).amount, 110]];
  ensureRoom(c, 40 + d.payments.length * 16);
  c.w.line(words(c).payments, boxX(c, 0, width), c.y, width, { size: 11, bold: true, color: ACCENT }, c.w.start);
  c.y += 17;
  c.doc.rect(boxX(c, 0, width), c.y, width, 17).fill(HEAD_FILL);
  const draw = (cells: string[], style: TextStyle) => {
    let offset = 0;
    cells.forEach((t, i) => {
      const cw = cols[i]![1];
      c.w.line(t, boxX(c, offset, cw) + PAD, c.y + 4, cw - PAD * 2, style, i === 2 ? c.w.end : c.w.start);
      offset += cw;
    });
    c.y += 17;
  };
  draw(cols.map(([t]) => t), { size: 8.5, bold: true, color: ACCENT });
  for (const p of d.payments) draw([PAYMENT_METHOD_LABELS[c.lang][p.payment_method], dateText(p.payment_date), money(c, p.amount_minor, p.currency)], { size: 9 });
  c.y += 12;
}

export function note(c: Ctx, d: DocumentDetails): void {
  if (!d.note) return;
  const lines = c.w.wrap(d.note, CONTENT, { size: 9.5 });
  ensureRoom(c, 24 + Math.min(lines.length, 4) * 13);
  c.w.line(words(c).note, PAGE.margin, c.y, CONTENT, { size: 10, bold: true, color: ACCENT }, c.w.start);
  c.y += 15;
  c.y += c.w.block(d.note, PAGE.margin, c.y, CONTENT, { size: 9.5 }, c.w.start);
}

/** Page numbers need the page count, so they are drawn last on buffered pages. */
export function footers(c: Ctx, b: Business): void {
  const range = c.doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    c.doc.switchToPage(range.start + i);
    const y = PAGE.height - 40;
    rule(c, y - 8);
    const name = c.lang === 'en' ? b.english_name ?? b.name : b.name;
    c.w.line(`${name}  ·  ${words(c).page} ${i + 1} ${words(c).of} ${range.count}`, PAGE.margin, y, CONTENT, small(), 'center');
  }
}
