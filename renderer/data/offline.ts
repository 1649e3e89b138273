import type { QueryClient } from '@tanstack/react-query';
import type { LocalStatus } from '../../shared';
import { networkState } from '../bridge/network';
import { writesOffline } from '../rules/permissions';
import { qk } from './queryKeys';

/**
 * Whether the app knows the service cannot be reached now, and the local copy is there to answer:
 * the last call found no service, or the copy's sync found none since. Reads then go to the copy at
 * once, and writes to the outbox, instead of waiting out a call's retries.
 */
export function knownOffline(qc: QueryClient): boolean {
  const local = qc.getQueryData<LocalStatus>(qk.localStatus());
  if (!local?.enabled || local.storage === 'none') return false;
  const net = networkState();
  return net.offline !== null || writesOffline(net, local);
}
