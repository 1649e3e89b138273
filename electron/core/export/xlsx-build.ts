import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { XlsxCell } from './cells';

/** The sheet's options, known once every row is in (column widths come from the first rows). */
export interface XlsxSheetOptions { sheet: string; rightToLeft: boolean; stickyRowsCount: number; columns: { width: number }[] }

/**
 * The workbook builder's heap, at most: a table too large for it ends the worker (out of memory),
 * never main. The export's byte budget (EXPORT_LIMITS.xlsxCellBytes) keeps real tables well below it.
 */
export const XLSX_WORKER_HEAP_MB = 2048;

/**
 * write-excel-file builds the whole zip in one go (about 0.6 s for 10,000 rows), so it runs in a
 * worker thread: main's thread also runs the window. Rows are streamed to the worker page by page
 * and kept there, not in main; the worker writes the file itself. Plain code text, so it needs no
 * bundler entry of its own; the library is found from here and its path handed over.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { writeFileSync } = require('node:fs');
const TYPES = { number: Number, date: Date, text: String };
const cell = (c) => (c === null ? null : { type: TYPES[c.type], value: c.value, ...(c.format ? { format: c.format } : {}) });
const rows = [];
parentPort.on('message', async (m) => {
  if (m.type === 'rows') {
    for (const r of m.rows) rows.push(r.map(cell));
    return;
  }
  try {
    const write = require(workerData.modulePath);
    const header = m.header.map((value) => ({ value, fontWeight: 'bold' }));
    const bytes = await write([header, ...rows], m.options).toBuffer();
    rows.length = 0;
    writeFileSync(m.path, bytes, { flag: 'wx', mode: 0o600 });
    parentPort.postMessage({ ok: true });
  } catch (e) {
    parentPort.postMessage({ ok: false, message: String((e && e.message) || e) });
  }
});
`;

const modulePath = (): string => createRequire(import.meta.url).resolve('write-excel-file/node');

/** One workbook being built in its worker: rows go in as they come, the file comes out at the end. */
export class XlsxBuilder {
  private readonly worker: Worker;
  private failure: Error | null = null;
  private readonly ended: Promise<void>;

  constructor(signal?: AbortSignal) {
    this.worker = new Worker(WORKER, { eval: true, workerData: { modulePath: modulePath() }, resourceLimits: { maxOldGenerationSizeMb: XLSX_WORKER_HEAP_MB } });
    const stop = () => void this.worker.terminate();
    signal?.addEventListener('abort', stop, { once: true });
    this.ended = new Promise((resolve) => this.worker.once('exit', () => { signal?.removeEventListener('abort', stop); resolve(); }));
    this.worker.on('error', (e) => { this.failure ??= e; });
  }

  /** Hands one page of rows to the worker (structured clone: main keeps no copy). */
  add(rows: (XlsxCell | null)[][]): void {
    if (this.failure) throw this.failure;
    this.worker.postMessage({ type: 'rows', rows });
  }

  /** Builds the workbook and writes it to `path` (a new file); rejects when the worker failed or stopped. */
  finish(header: string[], options: XlsxSheetOptions, path: string): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.failure) {
        reject(this.failure);
        return;
      }
      const onExit = (code: number) => reject(this.failure ?? new Error(`the workbook builder stopped (${code})`));
      this.worker.once('exit', onExit);
      this.worker.once('message', (m: { ok: true } | { ok: false; message: string }) => {
        this.worker.off('exit', onExit);
        void this.worker.terminate();
        if (m.ok) resolve();
        else reject(new Error(`the workbook could not be built: ${m.message}`));
      });
      this.worker.postMessage({ type: 'finish', header, options, path });
    });
  }

  /** Stops the worker and drops what it holds. */
  async abort(): Promise<void> {
    await this.worker.terminate();
    await this.ended;
  }
}
