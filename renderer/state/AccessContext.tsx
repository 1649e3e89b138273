import { createContext, useCallback, useContext, useMemo, useState } from 'react';

/** Areas that answered 403 insufficient_permission in this session (shown locked in the navigation). */
interface AccessSeen { seen403: ReadonlySet<string>; report403: (area: string) => void; reset: () => void }

const Ctx = createContext<AccessSeen>({ seen403: new Set(), report403: () => undefined, reset: () => undefined });

export function AccessProvider({ children }: { children: React.ReactNode }) {
  const [seen403, setSeen] = useState<ReadonlySet<string>>(new Set());
  const report403 = useCallback((area: string) => setSeen((s) => (s.has(area) ? s : new Set([...s, area]))), []);
  const reset = useCallback(() => setSeen(new Set()), []);
  const value = useMemo(() => ({ seen403, report403, reset }), [seen403, report403, reset]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export const useAccessSeen = () => useContext(Ctx);
