import { createContext, useContext, useMemo } from 'react';
import type { ProfileMeta } from '../../shared';

interface ActiveProfile { profiles: ProfileMeta[]; active: ProfileMeta }
const Ctx = createContext<ActiveProfile | null>(null);

/** The profiles and the active one, for the routed screens (the router renders below App). */
export function ActiveProfileProvider({ profiles, active, children }: ActiveProfile & { children: React.ReactNode }) {
  const value = useMemo(() => ({ profiles, active }), [profiles, active]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useActiveProfile(): ActiveProfile {
  const v = useContext(Ctx);
  if (!v) throw new Error('useActiveProfile outside ActiveProfileProvider');
  return v;
}
