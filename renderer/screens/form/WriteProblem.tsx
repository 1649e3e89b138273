import { useRef, useSyncExternalStore } from 'react';
import { Alert, Loader, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconHelpCircle, IconInboxOff, IconPlugConnected } from '@tabler/icons-react';
import { meansOffline, networkState, subscribeNetwork } from '../../bridge/network';
import type { BridgeError, Permission } from '../../../shared';
import { useT } from '../../i18n';
import { NotKept } from '../../kit/NotKept';
import type { Uncertain } from '../../data/useWrite';
import { ErrorState } from '../../kit/ErrorState';

/**
 * What went wrong with a write, in words: the error with its status, code and copyable request
 * id; and for an answer that never came, whether the write happened (a lookup, never a guess).
 */
export function WriteProblem({ notKept = null, ...problem }: ProblemProps & { notKept?: BridgeError | null }) {
  // The service could not take it and the outbox could not keep it either: both are said.
  if (notKept) {
    return (
      <Stack gap="xs">
        <NotKept error={notKept} icon={<IconInboxOff aria-hidden />} />
        <ServiceProblem {...problem} />
      </Stack>
    );
  }
  return <ServiceProblem {...problem} />;
}

interface ProblemProps { error: BridgeError | null; uncertain: Uncertain | null; area: string; writing: readonly Permission[] }

/** What the service's attempt came to. */
function ServiceProblem({ error, uncertain, area, writing }: ProblemProps) {
  const { t } = useT();
  const back = useBackSince(error);
  if (uncertain?.status === 'checking') {
    return (
      <Alert color="blue" variant="light" data-testid="write-checking" role="status">
        <Group gap="sm"><Loader size="sm" aria-hidden /><Text>{t('write.checking')}</Text></Group>
      </Alert>
    );
  }
  if (uncertain) {
    const Icon = uncertain.status === 'not_saved' ? IconCircleCheck : uncertain.status === 'retry_safe' ? IconAlertTriangle : IconHelpCircle;
    return (
      <Alert color={uncertain.status === 'unclear' ? 'orange' : 'yellow'} variant="light" icon={<Icon aria-hidden />} title={t(`write.${uncertain.status}.title`)} data-testid="write-uncertain" data-status={uncertain.status} role="alert">
        <Text>{t(`write.${uncertain.status}.body`)}</Text>
        {error?.request_id && <Text size="sm" c="dimmed" mt={4}>{t('errors.requestId')}: <span dir="ltr">{error.request_id}</span></Text>}
      </Alert>
    );
  }
  if (!error) return null;
  // Field problems are shown next to their fields; the rest of the answer is shown here.
  if (error.kind === 'invalid_request') return null;
  // "No connection" does not stay once the service answers again: it says the write can be sent now.
  if (back) {
    return (
      <Alert color="blue" variant="light" icon={<IconPlugConnected aria-hidden />} title={t('network.backTitle')} data-testid="write-connection-back" role="status">
        <Text size="sm">{t('network.backBody')}</Text>
      </Alert>
    );
  }
  return <ErrorState error={error} area={area} writing={writing} />;
}

/** Whether a write failed for want of a connection and the service has answered since (a call, or the local copy's sync). */
function useBackSince(error: BridgeError | null): boolean {
  // When this error came (a new one starts the clock again).
  const failed = useRef({ error, at: Date.now() });
  if (failed.current.error !== error) failed.current = { error, at: Date.now() };
  const { at } = failed.current;
  const answeredAt = useSyncExternalStore(subscribeNetwork, () => networkState().answeredAt);
  return error !== null && meansOffline(error) && answeredAt !== null && answeredAt > at;
}
