import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { EXPORT_LIMITS, type EventPayload, type ExportStart, type RetryReason } from '../../../shared';
import type { ListRouteId } from '../../client';
import type { ApiSession } from '../api-session';
import { CoreError, safeBridgeError } from '../errors';
import type { CoreEvents } from '../events';
import type { HostServices, Logger } from '../ports';
import { openWriter, type ExportWriter } from './writers';

type Progress = EventPayload<'export.progress'>;
export type ExportStartResult = { started: false } | { started: true; job_id: string; file_name: string };

export interface ExportDeps {
  api: ApiSession;
  host: HostServices;
  events: CoreEvents;
  log: Logger;
  secrets: () => Iterable<string>;
  now?: () => Date;
}

/**
 * Retries of one page during an export: a long walk meets the rate limit (429 with Retry-After),
 * and waiting is the right answer, so it may wait more often than an interactive call.
 */
export const EXPORT_PAGE_RETRY = { maxRetries: 8 } as const;

/** The suggested file name: the table's name and today's date ("Customers 2026-11-20.csv"), safe on every system. */
export function exportFileName(title: string, format: ExportStart['format'], today: Date): string {
  const safe = title.replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 80) || 'export';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${safe} ${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}.${format}`;
}

/**
 * Long exports in main: the native save dialog first, then every page of the table's list route
 * (the client's async iterator, 100 rows a page) written to the file, with progress events
 * (pages and rows so far, waiting while the API asks it to) and cancellation.
 */
export class ExportJobs {
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();

  constructor(private readonly d: ExportDeps) {}

  async start(profileId: string, input: ExportStart): Promise<ExportStartResult> {
    const suggested = exportFileName(input.title, input.format, (this.d.now ?? (() => new Date()))());
    const dest = await this.d.host.chooseSavePath(suggested, input.format);
    if (dest === null) return { started: false };
    const jobId = randomUUID();
    const controller = new AbortController();
    const progress: Progress = { job_id: jobId, state: 'running', format: input.format, title: input.title, file_name: basename(dest), pages: 0, rows: 0, waits: 0 };
    const done = this.run(profileId, input, dest, progress, controller.signal).finally(() => this.running.delete(jobId));
    this.running.set(jobId, { controller, done });
    return { started: true, job_id: jobId, file_name: progress.file_name };
  }

  /** Stops a running export; its file is not written. False when no such export is running. */
  cancel(jobId: string): boolean {
    const job = this.running.get(jobId);
    if (!job) return false;
    job.controller.abort();
    return true;
  }

  /** Stops every export and waits until each has cleaned up (on quit). */
  async stopAll(): Promise<void> {
    const jobs = [...this.running.values()];
    for (const j of jobs) j.controller.abort();
    await Promise.all(jobs.map((j) => j.done));
  }

  private emit(p: Progress, patch: Partial<Progress>): void {
    Object.assign(p, patch);
    if (p.state !== 'waiting') {
      delete p.wait_ms;
      delete p.wait_reason;
    }
    this.d.events.emit('export.progress', { ...p });
  }

  private async run(profileId: string, input: ExportStart, dest: string, p: Progress, signal: AbortSignal): Promise<void> {
    let writer: ExportWriter | null = null;
    this.emit(p, { state: 'running' });
    try {
      writer = await openWriter(dest, input, signal);
      const onRetry = (n: { reason: RetryReason; delay_ms: number }) => this.emit(p, { state: 'waiting', waits: p.waits + 1, wait_reason: n.reason, wait_ms: n.delay_ms });
      const pages = this.d.api.pages(profileId, input.route as ListRouteId, { query: { ...input.query, limit: EXPORT_LIMITS.pageSize } }, { signal, retry: EXPORT_PAGE_RETRY, onRetry, priority: 'walk' });
      for await (const page of pages) {
        if (p.rows + page.data.length > EXPORT_LIMITS.maxRows) {
          throw new CoreError('invalid_request', `This table has more than ${EXPORT_LIMITS.maxRows.toLocaleString('en')} rows, more than one file holds. Narrow it with a filter and export again.`, { code: 'export_too_large' });
        }
        await writer.add(page.data);
        this.emit(p, { state: 'running', pages: p.pages + 1, rows: p.rows + page.data.length });
      }
      if (signal.aborted) throw new CoreError('cancelled', 'The export was cancelled.');
      this.emit(p, { state: 'writing' });
      await writer.finish();
      this.emit(p, { state: 'done' });
      this.d.log.info('export written', { route: input.route, format: input.format, pages: p.pages, rows: p.rows, waits: p.waits });
    } catch (err) {
      await writer?.abort().catch(() => undefined);
      if (signal.aborted) {
        this.emit(p, { state: 'cancelled' });
        return;
      }
      const error = safeBridgeError(err, this.d.secrets());
      this.d.log.warn('export failed', { route: input.route, kind: error.kind, status: error.status, code: error.code, request_id: error.request_id });
      this.emit(p, { state: 'failed', error });
    }
  }
}
