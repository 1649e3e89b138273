import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { useActiveProfile } from '../../session/activeProfile';
import { rememberLeadDraft, type LeadDraftEntry } from '../../session/leadDrafts';
import type { WriteResult } from '../../data/useWrite';
import { ScreenButton } from '../../nav/links';
import { toList } from '../../nav/paths';
import { CopyButton } from '../../kit/CopyButton';
import { FormView } from '../form/FormView';
import type { LoadedFormProps } from '../form/FormScreen';
import { useOnKept } from '../form/kept';
import { LeadDrafts } from './LeadDrafts';

type Rec = Record<string, unknown>;

/** After the intake: it is a draft, not a lead; where it shows and what happens next. */
function IntakeSent({ draft, onAnother }: { draft: LeadDraftEntry; onAnother: () => void }) {
  const { t } = useT();
  return (
    <Stack gap="md" data-testid="intake-sent" data-draft-id={draft.id}>
      <Title order={1} size="h2" id="screen-title">{t('leads.sentTitle')}</Title>
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
        <Stack gap="xs">
          <Text>{t('leads.sentBody')}</Text>
          <Group gap={4}>
            <Text size="sm">{t('leads.draftId')}: <span dir="ltr" data-testid="draft-id">{draft.id}</span></Text>
            <CopyButton text={draft.id} label={t('app.copyValue', { what: t('leads.draftId') })} />
          </Group>
        </Stack>
      </Alert>
      <LeadDrafts highlight={draft.id} />
      <Group>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAnother} data-testid="intake-another">{t('leads.another')}</Button>
        <ScreenButton screen={toList('leads')} variant="light" data-testid="intake-to-list">{t('leads.backToLeads')}</ScreenButton>
      </Group>
    </Stack>
  );
}

/**
 * The lead intake: the declared create form, said plainly to make a draft (POST /leads answers
 * DRAFT, not a lead), and remembered in this profile's list of intakes once sent.
 */
export default function LeadIntakeScreen({ decl, spec }: LoadedFormProps) {
  const { t, dyn } = useT();
  const { active } = useActiveProfile();
  const [sent, setSent] = useState<LeadDraftEntry | null>(null);
  const [round, setRound] = useState(0);
  const [initial] = useState<Rec>(() => spec.initial?.() ?? {});

  const onKept = useOnKept();
  const onSaved = (result: WriteResult, body: Rec) => {
    // Kept to send later: its draft is known once the service makes it.
    if (result.queued) { onKept(result.queued, result.queued.name ?? '', toList(decl.area)); return; }
    const data = (result.data ?? {}) as Rec;
    if (typeof data.id !== 'string') return;
    const entry = rememberLeadDraft(active.id, { id: data.id, created_at: typeof data.created_at === 'string' ? data.created_at : new Date().toISOString() }, body);
    setSent(entry);
  };

  if (sent) return <IntakeSent draft={sent} onAnother={() => { setSent(null); setRound((n) => n + 1); }} />;
  return (
    <FormView
      key={round}
      decl={decl}
      spec={spec}
      title={dyn('newRecord', decl.area)}
      initial={initial}
      submitLabel={t('leads.submit')}
      onSaved={onSaved}
      intro={<Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} data-testid="intake-intro">{t('leads.intakeIntro')}</Alert>}
    />
  );
}
