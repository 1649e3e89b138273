import { isFinished, type Bridge, type EventPayload } from '../../shared';

export type ExportProgress = EventPayload<'export.progress'>;

/**
 * Exports running in main, as their progress events tell (the window may change screens meanwhile:
 * the shell's tray shows them). A finished export is handed once to whoever shows its ending.
 */
let jobs: readonly ExportProgress[] = [];
const listeners = new Set<() => void>();
const finishedListeners = new Set<(p: ExportProgress) => void>();

function publish(next: readonly ExportProgress[]): void {
  jobs = next;
  for (const l of listeners) l();
}

/** Main's progress events are followed from the first reader on (the tray, or an export's start). */
let listening = false;
function listen(): void {
  if (listening) return;
  listening = true;
  (globalThis as { bridge?: Bridge }).bridge?.on('export.progress', onExportProgress);
}

/** Exports already over: a late "started" must not bring one back. */
const over = new Set<string>();

export function onExportProgress(p: ExportProgress): void {
  if (over.has(p.job_id)) return;
  if (isFinished(p.state)) {
    over.add(p.job_id);
    publish(jobs.filter((j) => j.job_id !== p.job_id));
    for (const l of finishedListeners) l(p);
  } else {
    publish(jobs.some((j) => j.job_id === p.job_id) ? jobs.map((j) => (j.job_id === p.job_id ? p : j)) : [...jobs, p]);
  }
}

/** An export main has started, in case its first event has not arrived yet (so the tray shows it at once). */
export function exportStarted(p: Pick<ExportProgress, 'job_id' | 'format' | 'title' | 'file_name'>): void {
  listen();
  if (!jobs.some((j) => j.job_id === p.job_id)) onExportProgress({ ...p, state: 'running', pages: 0, rows: 0, waits: 0 });
}

export const exportJobs = () => jobs;
export function subscribeExports(l: () => void): () => void {
  listen();
  listeners.add(l);
  return () => listeners.delete(l);
}
export function onExportFinished(l: (p: ExportProgress) => void): () => void {
  listen();
  finishedListeners.add(l);
  return () => finishedListeners.delete(l);
}

