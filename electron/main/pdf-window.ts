import { randomBytes } from 'node:crypto';
import { BrowserWindow, session } from 'electron';
import { denyPermissions } from './security';
import { PDF_PARTITION, pdfWindowOptions } from './window-options';

/**
 * PDFs are shown from memory: each open PDF window has one unguessable bizops-pdf:// URL, served
 * only by the PDF session's protocol handler, and forgotten when the window closes. No temporary
 * file and no file:// (the GrantFileProtocolExtraPrivileges fuse is off: build/after-pack.cjs).
 */
export const PDF_SCHEME = 'bizops-pdf';
/** Registered before `ready` with the app scheme (electron/main/index.ts). */
export const PDF_SCHEME_PRIVILEGES = {
  scheme: PDF_SCHEME,
  privileges: { standard: true, secure: true, stream: true, supportFetchAPI: false, corsEnabled: false, bypassCSP: false },
} as const;
const PDF_HOST = 'document';

/** The PDFs of the open windows, by the token in their URL. */
export class PdfMemory {
  private readonly docs = new Map<string, Uint8Array>();

  /** Keeps the bytes and returns the URL that serves them. */
  add(bytes: Uint8Array): { url: string; token: string } {
    const token = randomBytes(24).toString('hex');
    this.docs.set(token, bytes);
    return { url: `${PDF_SCHEME}://${PDF_HOST}/${token}.pdf`, token };
  }

  remove(token: string): void {
    this.docs.delete(token);
  }

  size(): number {
    return this.docs.size;
  }

  /** The protocol handler: GET of a known token's URL, else 404. */
  readonly handle = (request: Request): Response => {
    const bytes = request.method === 'GET' ? this.docs.get(tokenOf(request.url) ?? '') : undefined;
    if (bytes === undefined) return new Response('Not found', { status: 404 });
    return new Response(Buffer.from(bytes), {
      status: 200,
      headers: { 'content-type': 'application/pdf', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
    });
  };
}

function tokenOf(raw: string): string | null {
  try {
    const u = new URL(raw);
    const m = /^\/([0-9a-f]{48})\.pdf$/.exec(u.pathname);
    return u.protocol === `${PDF_SCHEME}:` && u.host === PDF_HOST && m ? m[1]! : null;
  } catch {
    return null;
  }
}

let memory: PdfMemory | null = null;

/** The PDF session: permissions denied, and the one protocol handler that serves PDFs from memory. */
function pdfMemory(): PdfMemory {
  if (memory) return memory;
  const ses = session.fromPartition(PDF_PARTITION);
  denyPermissions(ses);
  memory = new PdfMemory();
  ses.protocol.handle(PDF_SCHEME, memory.handle);
  return memory;
}

/** Shows a PDF in a window with no preload, no Node and its own session, from memory. */
export async function openPdfWindow(bytes: Uint8Array, title: string): Promise<void> {
  const store = pdfMemory();
  const { url, token } = store.add(bytes);
  const win = new BrowserWindow(pdfWindowOptions(title));
  win.on('closed', () => store.remove(token));
  win.setMenu(null);
  await win.loadURL(url);
}
