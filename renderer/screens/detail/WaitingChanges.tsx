import { Alert, Group, List, Text } from '@mantine/core';
import { IconClockPause } from '@tabler/icons-react';
import { useOutboxPart } from '../../data/outbox';
import { useT } from '../../i18n';
import { WaitingMark, useEntryText } from '../../kit/outboxText';
import { ScreenLink } from '../../nav/links';
import { toList, toOutboxEntry } from '../../nav/paths';
import { OUTBOX_AREA } from '../../resources/groups';
import { markOf, touching } from '../../rules/outbox';

/**
 * A record with changes in the outbox: what is shown includes them (the copy's row), said so with
 * each change in words, and the way to the outbox (to the decision when one is needed).
 */
export function WaitingChanges({ area, id, record }: { area: string; id: string; record: unknown }) {
  const { t } = useT();
  const text = useEntryText();
  const mine = useOutboxPart((o) => touching(o.entries, area, id)).data ?? [];
  const mark = markOf(record);
  if (mine.length === 0 && !mark) return null;
  const decide = mine.find((e) => e.state === 'decision' || e.state === 'failed');
  return (
    <Alert color={decide ? 'orange' : 'blue'} variant="light" icon={<IconClockPause aria-hidden />} data-testid="record-waiting" data-state={decide?.state ?? 'waiting'}
      title={<Group gap="xs" component="span">{t(decide ? 'outbox.recordDecision' : 'outbox.recordWaiting')}{mark && <WaitingMark mark={mark} />}</Group>}>
      <Text size="sm">{t('outbox.recordBody')}</Text>
      {mine.length > 0 && (
        <List size="sm" mt={4}>
          {mine.map((e) => <List.Item key={e.id} data-entry={e.id}><Text span size="sm" dir="auto">{text.what(e)}</Text> · <Text span size="sm">{text.state(e.state)}</Text></List.Item>)}
        </List>
      )}
      <ScreenLink size="sm" screen={decide ? toOutboxEntry(decide.id) : toList(OUTBOX_AREA)} data-testid="record-waiting-open">{decide ? t('outbox.decide') : t('outbox.openOutbox')}</ScreenLink>
    </Alert>
  );
}
