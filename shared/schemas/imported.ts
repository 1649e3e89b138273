import { z } from 'zod';
import { uuid, timestamp, isoDate, currency, readAmount, readCode } from '../primitives';
import { ARCHIVE_SOURCES } from '../assumptions';

const pdfFile = z.looseObject({ file_name: readCode(), content_type: readCode(), size_bytes: z.number().int() }).nullable();

export const importedDocumentSchema = z.looseObject({
  id: uuid,
  object: z.literal('imported_document'),
  source: z.enum(ARCHIVE_SOURCES),
  document_number: readCode(),
  document_type: z.string(),
  customer_name: z.string(),
  issue_date: isoDate,
  currency,
  total: readAmount(),
  details: z.looseObject({ title: z.string().nullable(), notes: z.string().nullable() }),
  lines: z.array(z.looseObject({ description: z.string(), quantity: z.string(), unit_price: z.string(), total: z.string() })),
  payments: z.array(z.looseObject({ method: z.string(), amount: z.string(), payment_date: isoDate })),
  pdf_file: pdfFile,
  linked_document_ids: z.array(uuid),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ImportedDocument = z.infer<typeof importedDocumentSchema>;

export const importedExpenseSchema = z.looseObject({
  id: uuid,
  object: z.literal('imported_expense'),
  source: z.enum(ARCHIVE_SOURCES),
  document_number: readCode(),
  supplier_name: z.string(),
  issue_date: isoDate,
  currency,
  total: readAmount(),
  vat_amount: readAmount(),
  lines: z.array(z.looseObject({ description: z.string(), total: z.string() })),
  pdf_file: pdfFile,
  created_at: timestamp,
  updated_at: timestamp,
});
export type ImportedExpense = z.infer<typeof importedExpenseSchema>;
