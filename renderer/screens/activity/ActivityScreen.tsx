import { useQuery } from '@tanstack/react-query';
import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { ACTIVITY_LIMIT, ROUTES, type ActivityEntry, type ActivityOutcome } from '../../../shared';
import { asBridgeError, invoke } from '../../bridge/invoke';
import { activityKey } from '../../data/activity';
import { useT, type Tools } from '../../i18n';
import { formatTimestamp } from '../../lib/format';
import { ScreenLink } from '../../nav/links';
import { toRecord } from '../../nav/paths';
import { RequestIdCell } from '../../kit/RequestIdCell';
import type { ChipColor } from '../../kit/statusColor';
import { ErrorState } from '../../kit/ErrorState';

const OUTCOME_COLOR: Record<ActivityOutcome, ChipColor> = { ok: 'teal', recovered: 'teal', sent_later: 'teal', failed: 'red', not_saved: 'orange', unknown: 'yellow' };

/** "Created", "Edited", "Deleted", or the action's own name ("Close", "Restored"). */
function verbOf(e: ActivityEntry, { t, dyn }: Tools): string {
  const kind = ROUTES[e.route].kind;
  if (kind === 'create') return t('activity.created');
  if (kind === 'update') return t('activity.edited');
  if (kind === 'delete') return t('activity.deleted');
  const action = e.action ?? e.route.split('.').pop() ?? e.route;
  return action === 'restore' ? t('restore.done') : dyn('actions', action);
}

function What({ e }: { e: ActivityEntry }) {
  const tools = useT();
  const name = e.name ?? e.record_id?.slice(0, 8) ?? '';
  // A record that still exists is one click away (not after a delete or a failed create).
  const linkable = e.record_id && ROUTES[e.route].kind !== 'delete' && e.outcome !== 'failed' && e.outcome !== 'not_saved';
  return (
    <span>
      {verbOf(e, tools)} · {tools.dyn('areas', e.area)}{name && ' · '}
      {linkable ? <ScreenLink screen={toRecord(e.area, e.record_id!)} dir="auto">{name}</ScreenLink> : <span dir="auto">{name}</span>}
    </span>
  );
}

/** The writes made from the app with this profile (what, when, request id, result), kept across restarts. */
export default function ActivityScreen() {
  const { t, locale } = useT();
  const q = useQuery({ queryKey: activityKey(), queryFn: () => invoke('activity.list', {}), staleTime: 0 });
  const entries = q.data?.entries ?? [];
  return (
    <Stack gap="md">
      <Title order={1} size="h2" id="screen-title">{t('activity.title')}</Title>
      <Text c="dimmed">{t('activity.intro', { count: ACTIVITY_LIMIT })}</Text>
      {q.error ? <ErrorState error={asBridgeError(q.error)} onRetry={() => void q.refetch()} />
        : q.isPending ? <Center py="xl" role="status"><Loader aria-label={t('app.loading')} /></Center>
          : entries.length === 0 ? <Paper withBorder p="xl" data-testid="activity-empty"><Text ta="center" c="dimmed">{t('activity.empty')}</Text></Paper>
            : (
              <Paper withBorder>
                <div className="list-scroll">
                  <table className="list-table" aria-labelledby="screen-title" data-testid="activity-table">
                    <thead>
                      <tr><th scope="col">{t('activity.when')}</th><th scope="col">{t('activity.what')}</th><th scope="col">{t('activity.result')}</th><th scope="col">{t('activity.requestId')}</th></tr>
                    </thead>
                    <tbody>
                      {entries.map((e) => (
                        <tr key={e.id} data-route={e.route} data-outcome={e.outcome} data-record-id={e.record_id ?? ''}>
                          <td>{formatTimestamp(e.at, locale)}</td>
                          <td className="wrap"><What e={e} /></td>
                          <td>
                            <span className="chip" data-color={OUTCOME_COLOR[e.outcome]}>{t(`activity.outcome.${e.outcome}`)}</span>
                            {e.status !== undefined && <Text span size="sm" c="dimmed" ms={6}>{e.status}{e.code ? ` ${e.code}` : ''}</Text>}
                          </td>
                          <td><RequestIdCell id={e.request_id} testId="activity-request-id" /></td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </Paper>
            )}
    </Stack>
  );
}
