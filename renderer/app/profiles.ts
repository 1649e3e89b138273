import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { invoke } from '../bridge/call';
import { clearTableStates } from '../state/tableStore';
import type { ProfileMeta } from '../../shared';

export const PROFILES_KEY = ['profiles'] as const;
export const accessReportKey = (id: string | null) => ['profiles', 'test', id] as const;

export function useProfiles() {
  return useQuery({ queryKey: PROFILES_KEY, queryFn: ({ signal }) => invoke('profiles.list', {}, signal), staleTime: Infinity });
}

export function activeProfile(data: { profiles: ProfileMeta[]; active_id: string | null } | undefined): ProfileMeta | null {
  return data?.profiles.find((p) => p.id === data.active_id) ?? null;
}

/** The last connection test of the active profile: business name, readable and denied areas. */
export function useAccessReport(profileId: string | null) {
  return useQuery({
    queryKey: accessReportKey(profileId),
    queryFn: ({ signal }) => invoke('profiles.test', { id: profileId! }, signal),
    enabled: !!profileId,
    staleTime: Infinity,
    retry: false,
  });
}

/** After the active profile changes every cached record belongs to another business: drop them all. */
export async function afterProfileChange(qc: QueryClient): Promise<void> {
  clearTableStates();
  qc.removeQueries({ predicate: (q) => q.queryKey[0] !== PROFILES_KEY[0] });
  await qc.invalidateQueries({ queryKey: PROFILES_KEY });
}

export function useActivate() {
  const qc = useQueryClient();
  return useCallback(async (id: string) => {
    await invoke('profiles.activate', { id });
    await afterProfileChange(qc);
  }, [qc]);
}
