import { IconInbox } from '@tabler/icons-react';
import { useOutboxCounts, useOutboxEvents } from '../data/outbox';
import { useT } from '../i18n';
import { ScreenButton } from '../nav/links';
import { toList } from '../nav/paths';
import { OUTBOX_AREA } from '../resources/groups';

/**
 * "Changes waiting: N" in the header (with what needs a decision or was not sent), opening the
 * outbox; nothing while nothing waits. Also where main's outbox events come in.
 */
export default function OutboxBadge() {
  useOutboxEvents();
  const { t } = useT();
  const counts = useOutboxCounts();
  if (!counts || counts.waiting + counts.decisions + counts.failed === 0) return null;
  const attention = counts.decisions + counts.failed > 0;
  const parts = [
    counts.waiting > 0 ? t('outbox.badge', { count: counts.waiting }) : null,
    counts.decisions > 0 ? t('outbox.badgeDecisions', { count: counts.decisions }) : null,
    counts.failed > 0 ? t('outbox.badgeFailed', { count: counts.failed }) : null,
  ].filter((p): p is string => p !== null);
  return (
    <ScreenButton screen={toList(OUTBOX_AREA)} variant="light" color={attention ? 'orange' : 'blue'} size="compact-sm" leftSection={<IconInbox size={14} aria-hidden />}
      title={t('outbox.badgeLabel', { ...counts })} style={{ flexShrink: 0 }} data-testid="outbox-badge" data-waiting={counts.waiting} data-decisions={counts.decisions} data-failed={counts.failed}>
      {parts.join(' · ')}
    </ScreenButton>
  );
}
