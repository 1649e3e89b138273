import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, CloseButton, Group, Paper, Spoiler, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { asBridgeError, invoke } from '../../bridge/invoke';
import { useActiveProfile } from '../../session/activeProfile';
import { qk } from '../../data/queryKeys';
import { forgetLeadDraft, leadDrafts, markDraftCompleted, type LeadDraftEntry } from '../../session/leadDrafts';
import { useProfileList } from '../../session/useProfileList';
import { formatTimestamp } from '../../lib/format';
import { ScreenButton } from '../../nav/links';
import { toRecord } from '../../nav/paths';
import { notify } from '../../kit/notify';
import { ErrorState } from '../../kit/ErrorState';

/** One intake: what it is called, when it was sent, what became of it; in the demo, the application's part. */
function DraftRow({ entry, profileId, demo, highlighted }: { entry: LeadDraftEntry; profileId: string; demo: boolean; highlighted: boolean }) {
  const { t, locale } = useT();
  const qc = useQueryClient();
  const complete = useMutation({
    gcTime: 0,
    mutationFn: () => invoke('demo.completeLeadDraft', { draft_id: entry.id }),
    onSuccess: ({ lead }) => {
      markDraftCompleted(profileId, entry.id, lead.id);
      void qc.invalidateQueries({ queryKey: qk.lists('leads'), refetchType: 'all' });
      notify({ title: t('leads.completedNotice'), message: lead.name, link: { screen: toRecord('leads', lead.id), label: t('leads.openLead') } });
    },
  });
  const error = complete.error ? asBridgeError(complete.error) : null;
  const name = entry.name || t('leads.unnamed');
  return (
    <Stack gap={4} data-draft-id={entry.id} data-state={entry.lead_id ? 'completed' : 'draft'} className={highlighted ? 'lead-draft lead-draft-new' : 'lead-draft'}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} dir="auto" truncate>{name}</Text>
          <Text size="xs" c="dimmed">
            {entry.lead_id ? t('leads.completed') : t('leads.waiting')} · {t('leads.sentAt', { when: formatTimestamp(entry.submitted_at, locale) })}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {entry.lead_id
            ? <ScreenButton screen={toRecord('leads', entry.lead_id)} size="compact-sm" variant="light" data-testid="draft-open-lead">{t('leads.openLead')}</ScreenButton>
            : demo && (
              <Button size="compact-sm" variant="light" leftSection={<IconPlayerPlay size={14} aria-hidden />} onClick={() => complete.mutate()} loading={complete.isPending} data-testid="draft-complete">
                {t('leads.complete')}
              </Button>
            )}
          <CloseButton size="sm" aria-label={t('leads.forget', { name })} title={t('leads.forget', { name })} onClick={() => forgetLeadDraft(profileId, entry.id)} data-testid="draft-forget" />
        </Group>
      </Group>
      {error && (error.code === 'resource_not_found'
        ? <Text size="sm" c="red" role="alert" data-testid="draft-gone">{t('leads.draftGone')}</Text>
        : <ErrorState error={error} area="leads" />)}
    </Stack>
  );
}

/**
 * The lead intakes sent from this profile (newest first): each waits as a draft until it is completed
 * in the application. With the demo profile, the app plays the application's part ("Complete in the demo").
 */
export function LeadDrafts({ highlight }: { highlight?: string }) {
  const { t } = useT();
  const { active } = useActiveProfile();
  const entries = useProfileList(leadDrafts);
  if (entries.length === 0) return null;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="lead-drafts-title" data-testid="lead-drafts">
      <Title order={2} size="h5" id="lead-drafts-title">{t('leads.drafts', { n: entries.length })}</Title>
      <Text size="sm" c="dimmed" mb="xs">{active.is_demo ? t('leads.draftsDemo') : t('leads.draftsApp')}</Text>
      <Spoiler maxHeight={150} showLabel={t('restore.showAll')} hideLabel={t('restore.showFewer')}>
        <Stack gap="xs">
          {entries.map((e) => <DraftRow key={e.id} entry={e} profileId={active.id} demo={active.is_demo} highlighted={e.id === highlight} />)}
        </Stack>
      </Spoiler>
    </Paper>
  );
}

/** The panel on the leads list. */
export default function LeadDraftsPanel() {
  return <LeadDrafts />;
}
