import { Suspense, lazy, useEffect, useState } from 'react';

const ConfirmDialog = lazy(() => import('./ConfirmDialog'));

export interface ConfirmRequest {
  title: string;
  body?: string;
  confirm: string;
  danger?: boolean;
}

type Host = (r: ConfirmRequest) => Promise<boolean>;
let host: Host | null = null;

/** Asks the user to confirm in the app's own dialog (both languages, right-to-left aware). */
export function askConfirm(r: ConfirmRequest): Promise<boolean> {
  return host ? host(r) : Promise.resolve(false);
}

/** Mounted once at the root: shows the questions askConfirm asks, one at a time. */
export function ConfirmHost() {
  const [current, setCurrent] = useState<{ req: ConfirmRequest; resolve: (ok: boolean) => void } | null>(null);
  useEffect(() => {
    host = (req) => new Promise<boolean>((resolve) => setCurrent((prev) => {
      prev?.resolve(false);
      return { req, resolve };
    }));
    return () => { host = null; };
  }, []);
  if (!current) return null;
  const answer = (ok: boolean) => { current.resolve(ok); setCurrent(null); };
  return <Suspense fallback={null}><ConfirmDialog req={current.req} answer={answer} /></Suspense>;
}
