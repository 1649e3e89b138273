import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { Permission } from '../../shared';

/**
 * What this session learned from 403 insufficient_permission answers: areas that refused a read
 * (locked in the navigation) and permissions a write proved missing (its buttons are disabled).
 */
interface AccessSeen {
  seen403: ReadonlySet<string>;
  report403: (area: string) => void;
  deniedWrites: ReadonlySet<Permission>;
  reportDeniedWrite: (permission: Permission) => void;
  reset: () => void;
}

const Ctx = createContext<AccessSeen>({
  seen403: new Set(), report403: () => undefined, deniedWrites: new Set(), reportDeniedWrite: () => undefined, reset: () => undefined,
});

const adding = <T,>(item: T) => (s: ReadonlySet<T>) => (s.has(item) ? s : new Set([...s, item]));

export function AccessProvider({ children }: { children: React.ReactNode }) {
  const [seen403, setSeen] = useState<ReadonlySet<string>>(new Set());
  const [deniedWrites, setDeniedWrites] = useState<ReadonlySet<Permission>>(new Set());
  const report403 = useCallback((area: string) => setSeen(adding(area)), []);
  const reportDeniedWrite = useCallback((p: Permission) => setDeniedWrites(adding(p)), []);
  const reset = useCallback(() => { setSeen(new Set()); setDeniedWrites(new Set()); }, []);
  const value = useMemo(() => ({ seen403, report403, deniedWrites, reportDeniedWrite, reset }), [seen403, report403, deniedWrites, reportDeniedWrite, reset]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export const useAccessSeen = () => useContext(Ctx);
