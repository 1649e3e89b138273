import { Suspense, lazy, useEffect, useState } from 'react';
import { serveConfirm, type ConfirmRequest } from '../lib/ask';

const ConfirmDialog = lazy(() => import('./ConfirmDialog'));

/** Mounted once at the root: shows the questions askConfirm asks, one at a time. */
export function ConfirmHost() {
  const [current, setCurrent] = useState<{ req: ConfirmRequest; resolve: (ok: boolean) => void } | null>(null);
  useEffect(() => serveConfirm((req) => new Promise<boolean>((resolve) => setCurrent((prev) => {
    prev?.resolve(false);
    return { req, resolve };
  }))), []);
  if (!current) return null;
  const answer = (ok: boolean) => { current.resolve(ok); setCurrent(null); };
  return <Suspense fallback={null}><ConfirmDialog req={current.req} answer={answer} /></Suspense>;
}
