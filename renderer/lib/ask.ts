/** A yes / no question for the user, asked in the app's own dialog (both languages, right-to-left aware). */
export interface ConfirmRequest {
  title: string;
  body?: string;
  /** What else the answer affects, one line each (the changes a discard takes along). */
  items?: readonly string[];
  confirm: string;
  danger?: boolean;
}

type Host = (r: ConfirmRequest) => Promise<boolean>;
let host: Host | null = null;

/** Asks the user; false when no dialog host is mounted. Any layer may ask; the shell mounts the host (kit/confirm.tsx). */
export function askConfirm(r: ConfirmRequest): Promise<boolean> {
  return host ? host(r) : Promise.resolve(false);
}

/** Installs the dialog that answers; returns its removal. */
export function serveConfirm(h: Host): () => void {
  host = h;
  return () => { if (host === h) host = null; };
}
