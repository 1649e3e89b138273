/** Read-only archives imported from the two external providers (pre-migration history). */
import {
  ARCHIVE_SOURCES, ARCHIVE_SOURCE_A, DEFAULT_CURRENCY, IMPORTED_DOCUMENT_TYPES, IMPORTED_PAYMENT_METHODS, lineTotalMinor, vatMinor, minorToDecimal, VAT_RATE_PERCENT,
  type CustomerDetails, type DocumentDetails, type ImportedDocument, type ImportedExpense,
} from '../../../shared';
import type { SupplierDetails } from './types';
import type { Rng } from './rng';
import { stamps, daysAgo, dateOf } from './time';

const dec = (minor: number) => minorToDecimal(minor);

export function buildImportedDocuments(rng: Rng, perSource: number, customers: CustomerDetails[], documents: DocumentDetails[]): ImportedDocument[] {
  return ARCHIVE_SOURCES.flatMap((source) => Array.from({ length: perSource }, (_, i): ImportedDocument => {
    const issueMs = daysAgo(rng, 720, 1500);
    const lines = Array.from({ length: rng.int(1, 3) }, () => {
      const quantity = `${rng.int(1, 12)}.000`;
      const unit = rng.int(20, 900) * 100;
      return { description: rng.pick(['קפה קלוי 1 ק״ג', 'Espresso blend 1kg', 'שירות טכני', 'Capsules x10']), quantity, unit_price: dec(unit), total: dec(lineTotalMinor(unit, quantity)) };
    });
    const net = lines.reduce((s, l) => s + Math.round(Number(l.total) * 100), 0);
    const total = net + vatMinor(net, VAT_RATE_PERCENT);
    const paid = rng.chance(0.7);
    const t = stamps(rng, 300, 400, 60);
    return {
      id: rng.uuid(), object: 'imported_document', source,
      document_number: `${source === 'icount' ? 'IC' : 'RV'}-${String(5000 + i)}`,
      document_type: rng.pick(IMPORTED_DOCUMENT_TYPES[source]),
      customer_name: customers.length ? rng.pick(customers).name : 'לקוח מזדמן',
      issue_date: dateOf(issueMs), currency: DEFAULT_CURRENCY, total: dec(total),
      details: { title: rng.chance(0.6) ? 'ייבוא ממערכת קודמת' : null, notes: rng.chance(0.2) ? 'Imported with the 2025 migration' : null },
      lines,
      payments: paid ? [{ method: rng.pick(IMPORTED_PAYMENT_METHODS), amount: dec(total), payment_date: dateOf(issueMs) }] : [],
      pdf_file: rng.chance(0.85) ? { file_name: `${source}-${5000 + i}.pdf`, content_type: 'application/pdf', size_bytes: rng.int(30_000, 400_000) } : null,
      // A few archive records were re-issued in the service; they point at those documents.
      linked_document_ids: documents.length && i % 8 === 0 ? [rng.pick(documents).id] : [],
      created_at: t.created_at, updated_at: t.updated_at,
    };
  }));
}

export function buildImportedExpenses(rng: Rng, count: number, suppliers: SupplierDetails[]): ImportedExpense[] {
  return Array.from({ length: count }, (_, i) => {
    const issueMs = daysAgo(rng, 720, 1500);
    const lines = Array.from({ length: rng.int(1, 3) }, () => ({ description: rng.pick(['פולים ירוקים', 'Packaging', 'שכירות', 'Electricity']), total: dec(rng.int(50, 5000) * 100) }));
    const net = lines.reduce((s, l) => s + Math.round(Number(l.total) * 100), 0);
    const vat = vatMinor(net, VAT_RATE_PERCENT);
    const t = stamps(rng, 300, 400, 60);
    return {
      id: rng.uuid(), object: 'imported_expense', source: ARCHIVE_SOURCE_A,
      document_number: `EXP-${String(800 + i)}`,
      supplier_name: suppliers.length ? rng.pick(suppliers).name : 'ספק כללי',
      issue_date: dateOf(issueMs), currency: DEFAULT_CURRENCY, total: dec(net + vat), vat_amount: dec(vat), lines,
      pdf_file: rng.chance(0.8) ? { file_name: `expense-${800 + i}.pdf`, content_type: 'application/pdf', size_bytes: rng.int(20_000, 300_000) } : null,
      created_at: t.created_at, updated_at: t.updated_at,
    };
  });
}
