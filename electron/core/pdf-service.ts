import { writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { z } from 'zod';
import { documentPdfLinkSchema } from '../../shared';
import type { ApiSession } from './api-session';
import { CoreError } from './errors';
import { downloadPdf, fetchPdf, PDF_VIEWER_GRACE_MS, suggestedPdfName, TempFiles, validatePdfLink } from './pdf-link';
import type { DemoSandboxHost, HostServices } from './ports';

const pdfFacts = z.looseObject({ pdf_available: z.boolean(), document_type: z.string(), document_number: z.number() });

/**
 * Opening and saving document PDFs: the signed link is fetched and followed in main only.
 * The in-app window and "save" get the bytes from memory; only the system viewer needs a temporary
 * file, removed a minute after the viewer was started.
 */
export class PdfService {
  readonly temp = new TempFiles();

  constructor(
    private readonly api: ApiSession,
    private readonly host: HostServices,
    private readonly demo: DemoSandboxHost,
    private readonly fetchImpl: typeof fetch,
  ) {}

  async open(profileId: string, documentId: string, target: 'system' | 'window', signal: AbortSignal): Promise<void> {
    const { url, name } = await this.link(profileId, documentId, signal);
    if (target === 'window') {
      await this.host.showPdf(await fetchPdf(this.fetchImpl, url, signal), name);
      return;
    }
    const path = await downloadPdf(this.fetchImpl, url, this.host.tempDir(), signal);
    this.temp.track(path, profileId);
    try {
      await this.host.openPdf(path);
    } finally {
      // The viewer has been started (or failed): the file goes after a short grace time, not at quit.
      this.temp.removeAfter(path, PDF_VIEWER_GRACE_MS);
    }
  }

  /** A removed profile's temporary PDFs go with it. */
  forget(profileId: string): Promise<void> {
    return this.temp.removeOf(profileId);
  }

  async save(profileId: string, documentId: string, signal: AbortSignal): Promise<{ saved: boolean; file_name: string | null }> {
    const { url, name } = await this.link(profileId, documentId, signal);
    const bytes = await fetchPdf(this.fetchImpl, url, signal);
    const dest = await this.host.chooseSavePath(name, 'pdf');
    if (dest === null) return { saved: false, file_name: null };
    await writeFile(dest, bytes);
    return { saved: true, file_name: basename(dest) };
  }

  /** The document's signed PDF link, checked (https, or the demo sandbox on loopback), and a file name for it. */
  private async link(profileId: string, documentId: string, signal: AbortSignal): Promise<{ url: URL; name: string }> {
    const params = { id: documentId };
    const doc = pdfFacts.parse((await this.api.call(profileId, 'documents.get', { params }, { signal })).data);
    if (!doc.pdf_available) {
      throw new CoreError('invalid_request', 'This document has no PDF yet.', { code: 'pdf_not_available' });
    }
    const link = documentPdfLinkSchema.parse((await this.api.call(profileId, 'documents.pdf', { params }, { signal })).data);
    return { url: validatePdfLink(link.url, this.demo.origin()), name: suggestedPdfName(doc.document_type, doc.document_number) };
  }
}
