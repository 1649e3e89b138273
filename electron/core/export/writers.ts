import { randomBytes } from 'node:crypto';
import { open, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { CellTexts, ExportColumn, ExportStart } from '../../../shared';
import { csvRecord, UTF8_BOM } from './csv';
import { csvCell, xlsxCell, type XlsxCell } from './cells';
import { buildXlsxInWorker } from './xlsx-build';

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

/** Column width in characters: the longest of the header and the first rows, within bounds. */
function widths(columns: readonly ExportColumn[], rows: readonly (XlsxCell | null)[][]): { width: number }[] {
  return columns.map((c, i) => {
    let longest = c.label.length;
    for (const r of rows.slice(0, 200)) {
      const cell = r[i];
      const len = !cell ? 0 : cell.type === 'text' ? cell.value.length : cell.type === 'date' ? 17 : 14;
      longest = Math.max(longest, len);
    }
    return { width: Math.min(60, Math.max(8, longest + 2)) };
  });
}

/** XLSX is one zip built at the end, in a worker thread: rows are kept as cells until then (a sheet holds about a million). */
class XlsxWriter implements ExportWriter {
  private readonly rows: (XlsxCell | null)[][] = [];
  constructor(private readonly dest: string, private readonly input: ExportStart, private readonly signal?: AbortSignal) {}

  async add(rows: readonly unknown[]): Promise<void> {
    const { columns, locale, texts } = this.input;
    for (const r of rows) this.rows.push(columns.map((c) => xlsxCell(c, r, locale, texts as CellTexts)));
  }

  async finish(): Promise<void> {
    const { columns, title, rtl } = this.input;
    const bytes = await buildXlsxInWorker({
      header: columns.map((c) => c.label),
      rows: this.rows,
      options: { sheet: sheetName(title), rightToLeft: rtl, stickyRowsCount: 1, columns: widths(columns, this.rows) },
    }, this.signal);
    const part = partPath(this.dest);
    try {
      await writeFile(part, bytes, { flag: 'wx' });
      await rename(part, this.dest);
    } catch (e) {
      await rm(part, { force: true });
      throw e;
    }
  }

  async abort(): Promise<void> {
    this.rows.length = 0;
  }
}

export function openWriter(dest: string, input: ExportStart, signal?: AbortSignal): Promise<ExportWriter> {
  return input.format === 'csv' ? CsvWriter.open(dest, input) : Promise.resolve(new XlsxWriter(dest, input, signal));
}
