import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { invoke } from '../bridge/invoke';
import { clearTableStates } from '../rules/tableMemory';
import type { ProfileMeta } from '../../shared';
import { isDataKey, qk } from '../data/queryKeys';
import { useT } from '../i18n';
import { mayLeave } from './unsaved';

export const PROFILES_KEY = qk.profiles();
export const accessReportKey = qk.accessReport;

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
  qc.removeQueries({ predicate: (q) => isDataKey(q.queryKey) });
  await qc.invalidateQueries({ queryKey: PROFILES_KEY });
}

/** Switches the active profile; a form with unsaved changes asks first. Resolves false when the user stays. */
export function useActivate() {
  const qc = useQueryClient();
  const { t } = useT();
  return useCallback(async (id: string) => {
    if (!(await mayLeave(t))) return false;
    await invoke('profiles.activate', { id });
    await afterProfileChange(qc);
    return true;
  }, [qc, t]);
}
