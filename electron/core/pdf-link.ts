import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isLoopbackHost } from '../../shared';
import { CoreError } from './errors';

/** Largest PDF the app downloads; signed links to bigger files are refused. */
export const PDF_MAX_BYTES = 25 * 1024 * 1024;
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

const unsafeLink = () =>
  new CoreError('invalid_response', 'The PDF link the server gave is not a secure link, so it was not opened.', { code: 'unsafe_pdf_link' });

/**
 * Only https links are followed. Plain http is allowed for one origin only: the embedded demo
 * sandbox on loopback (its links point at itself). Credentials inside a URL are never accepted.
 */
export function validatePdfLink(raw: string, demoOrigin: string | null): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw unsafeLink();
  }
  if (url.username !== '' || url.password !== '') throw unsafeLink();
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname) && demoOrigin !== null && safeOrigin(demoOrigin) === url.origin) return url;
  throw unsafeLink();
}

const safeOrigin = (u: string): string | null => {
  try {
    return new URL(u).origin;
  } catch {
    return null;
  }
};

/** A file name the app chose itself: nothing from the server reaches the file system path. */
export const tempPdfName = () => `bizops-${randomBytes(12).toString('hex')}.pdf`;

/** Name offered in the save dialog: letters, digits, dash and underscore only. */
export function suggestedPdfName(documentType: string, documentNumber: number): string {
  const type = documentType.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'document';
  return `${type}-${Math.trunc(documentNumber)}.pdf`;
}

const tooLarge = () => new CoreError('invalid_response', 'The PDF is too large to open.', { code: 'pdf_too_large' });

async function readCapped(res: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge();
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches a validated link into memory, without any credentials, no redirects, with a size cap,
 * and checks the bytes really are a PDF.
 */
export async function fetchPdf(fetchImpl: typeof fetch, url: URL, signal: AbortSignal, maxBytes = PDF_MAX_BYTES): Promise<Buffer> {
  let res: Response;
  try {
    res = await fetchImpl(url, { signal, redirect: 'error', credentials: 'omit', headers: { accept: 'application/pdf' } });
  } catch {
    if (signal.aborted) throw new CoreError('cancelled', 'The download was cancelled.');
    throw new CoreError('network', 'The PDF could not be downloaded. Check the connection and try again.');
  }
  if (!res.ok) {
    throw new CoreError('api', 'The PDF could not be downloaded; the link may have expired. Try again.', { status: res.status, code: 'pdf_download_failed' });
  }
  const bytes = await readCapped(res, maxBytes);
  if (bytes.length < PDF_MAGIC.length || !bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    throw new CoreError('invalid_response', 'The downloaded file is not a PDF, so it was not opened.', { code: 'not_a_pdf' });
  }
  return bytes;
}

/** fetchPdf, then the bytes in `dir` under a generated name, private to the user. Returns the file path. */
export async function downloadPdf(fetchImpl: typeof fetch, url: URL, dir: string, signal: AbortSignal, maxBytes = PDF_MAX_BYTES): Promise<string> {
  const bytes = await fetchPdf(fetchImpl, url, signal, maxBytes);
  const path = join(dir, tempPdfName());
  await writeFile(path, bytes, { mode: 0o600, flag: 'wx' });
  return path;
}

/**
 * How long the system viewer's temporary PDF is kept after the viewer was started: long enough for
 * it to open the file (an open file stays readable once removed, except on Windows, where the removal
 * waits for quit), short enough that a customer's document does not stay on disk all session.
 */
export const PDF_VIEWER_GRACE_MS = 60_000;

/** Temporary files this process created, with the profile each belongs to; each removed after its grace time, with its profile, and any left on quit. */
export class TempFiles {
  private readonly paths = new Map<string, string | null>();
  private readonly timers = new Set<NodeJS.Timeout>();
  track(path: string, profileId: string | null = null): void {
    this.paths.set(path, this.paths.get(path) ?? profileId);
  }
  /** Removes the file after `ms`; one that cannot be removed yet (held open) stays tracked for quit. */
  removeAfter(path: string, ms: number): void {
    this.track(path);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void rm(path, { force: true }).then(() => this.paths.delete(path), () => undefined);
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }
  async remove(path: string): Promise<void> {
    this.paths.delete(path);
    await rm(path, { force: true });
  }
  async cleanup(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await Promise.all([...this.paths.keys()].map((p) => this.remove(p)));
  }
  /** A removed profile's files go now (a file held open stays tracked for quit). */
  async removeOf(profileId: string): Promise<void> {
    const owned = [...this.paths].filter(([, owner]) => owner === profileId).map(([path]) => path);
    await Promise.all(owned.map((p) => rm(p, { force: true }).then(() => this.paths.delete(p), () => undefined)));
  }
  list(): string[] {
    return [...this.paths.keys()];
  }
}
