import { randomBytes } from 'node:crypto';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { EXPORT_LIMITS, type CellTexts, type ExportStart } from '../../../shared';
import { CoreError } from '../errors';
import { csvRecord, UTF8_BOM } from './csv';
import { csvCell, xlsxCell, type XlsxCell } from './cells';
import { XlsxBuilder } from './xlsx-build';

/**
 * Writes an export's rows. The file is written under a temporary name beside the chosen one and
 * renamed at the end, so a cancelled or failed export never leaves half a file under the user's name.
 */
export interface ExportWriter {
  add(rows: readonly unknown[]): Promise<void>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

const partPath = (dest: string) => join(dirname(dest), `.${basename(dest)}.${randomBytes(4).toString('hex')}.part`);

/** CSV streams page by page to disk: memory stays flat however long the table. */
class CsvWriter implements ExportWriter {
  private constructor(private readonly file: FileHandle, private readonly part: string, private readonly dest: string, private readonly input: ExportStart) {}

  static async open(dest: string, input: ExportStart): Promise<CsvWriter> {
    const part = partPath(dest);
    const file = await open(part, 'wx');
    const w = new CsvWriter(file, part, dest, input);
    await file.write(UTF8_BOM + csvRecord(input.columns.map((c) => ({ text: c.label, formatted: false }))));
    return w;
  }

  async add(rows: readonly unknown[]): Promise<void> {
    const { columns, locale, texts } = this.input;
    await this.file.write(rows.map((r) => csvRecord(columns.map((c) => csvCell(c, r, locale, texts)))).join(''));
  }

  async finish(): Promise<void> {
    await this.file.close();
    await rename(this.part, this.dest);
  }

  async abort(): Promise<void> {
    await this.file.close().catch(() => undefined);
    await rm(this.part, { force: true });
  }
}

/** An XLSX sheet name: at most 31 characters, none of []:*?/\ (Excel's rules). */
export const sheetName = (title: string): string => title.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31) || 'Sheet1';

/** Column widths come from the header and this many first rows. */
const WIDTH_ROWS = 200;
const width = (cell: XlsxCell | null): number => (!cell ? 0 : cell.type === 'text' ? cell.value.length : cell.type === 'date' ? 17 : 14);
/** What a cell costs in the workbook builder: its text as UTF-8, or a number's 8 bytes. */
const cellBytes = (cell: XlsxCell | null): number => (!cell ? 0 : cell.type === 'text' ? Buffer.byteLength(cell.value) : 8);

const tooLarge = () => new CoreError(
  'invalid_request',
  `This table holds more than ${EXPORT_LIMITS.xlsxCellBytes / (1024 * 1024)} MB of cells, more than one XLSX file is built from. Export it as CSV, or narrow it with a filter.`,
  { code: 'export_too_large' },
);

/**
 * XLSX is one zip built at the end, in a worker thread (xlsx-build.ts): each page's cells go to the
 * worker as they come, so main holds one page at a time, and the cells are capped in bytes as well
 * as in rows (EXPORT_LIMITS), which bounds the worker.
 */
class XlsxWriter implements ExportWriter {
  private readonly builder: XlsxBuilder;
  private readonly widths: number[];
  private rowsSeen = 0;
  private bytes = 0;
  private part: string | null = null;

  constructor(private readonly dest: string, private readonly input: ExportStart, signal?: AbortSignal) {
    this.builder = new XlsxBuilder(signal);
    this.widths = input.columns.map((c) => c.label.length);
  }

  async add(rows: readonly unknown[]): Promise<void> {
    const { columns, locale, texts } = this.input;
    const cells = rows.map((r) => columns.map((c) => xlsxCell(c, r, locale, texts as CellTexts)));
    for (const row of cells) {
      for (const cell of row) this.bytes += cellBytes(cell);
      if (this.rowsSeen++ < WIDTH_ROWS) row.forEach((cell, i) => { this.widths[i] = Math.max(this.widths[i] ?? 0, width(cell)); });
    }
    if (this.bytes > EXPORT_LIMITS.xlsxCellBytes) throw tooLarge();
    this.builder.add(cells);
  }

  async finish(): Promise<void> {
    const { columns, title, rtl } = this.input;
    this.part = partPath(this.dest);
    const options = { sheet: sheetName(title), rightToLeft: rtl, stickyRowsCount: 1, columns: this.widths.map((w) => ({ width: Math.min(60, Math.max(8, w + 2)) })) };
    try {
      await this.builder.finish(columns.map((c) => c.label), options, this.part);
      await rename(this.part, this.dest);
    } catch (e) {
      await rm(this.part, { force: true });
      throw e;
    }
  }

  async abort(): Promise<void> {
    await this.builder.abort();
    if (this.part) await rm(this.part, { force: true });
  }
}

export function openWriter(dest: string, input: ExportStart, signal?: AbortSignal): Promise<ExportWriter> {
  return input.format === 'csv' ? CsvWriter.open(dest, input) : Promise.resolve(new XlsxWriter(dest, input, signal));
}
