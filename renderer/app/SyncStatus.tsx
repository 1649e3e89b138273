import { IconAlertTriangle, IconCloudCheck, IconCloudOff, IconLock, IconRefresh } from '@tabler/icons-react';
import { numberFormat } from '../../shared';
import { useT } from '../i18n';
import { useLocalEvents, useLocalStatus } from '../data/localCopy';
import { ScreenButton } from '../nav/links';
import { toList } from '../nav/paths';
import { LOCAL_COPY_AREA } from '../resources/groups';
import { formatTimestamp } from '../lib/format';
import { syncLineOf, type SyncLine } from '../rules/syncLine';

const ICONS: Record<SyncLine['kind'], typeof IconRefresh> = {
  offline: IconCloudOff, filling: IconRefresh, serviceBusy: IconAlertTriangle, keyRefused: IconAlertTriangle, failed: IconAlertTriangle, denied: IconLock, upToDate: IconCloudCheck,
};

/** The words of a line, in full (the button may show them cut short; its title and name hold them whole). */
function useLineText(): (line: SyncLine) => string {
  const { t, dyn, locale } = useT();
  const names = (areas: readonly string[]) => new Intl.ListFormat(locale, { type: 'conjunction' }).format(areas.map((a) => dyn('areas', a)));
  return (line) => {
    switch (line.kind) {
      case 'filling': return t('sync.filling', { area: dyn('areas', line.area), count: line.records, n: numberFormat(locale).format(line.records) });
      case 'upToDate': return t('sync.upToDate');
      case 'failed': case 'denied': {
        const text = t(`sync.${line.kind}`, { areas: names(line.areas), count: line.areas.length });
        return line.messages.length ? `${text} (${line.messages.join('; ')})` : text;
      }
      default: return t(`sync.${line.kind}`, { time: line.since ? formatTimestamp(line.since, locale) : '—' });
    }
  };
}

/**
 * The local copy's state in the header, in a few words ("Up to date", "Reading customers (records read:
 * 3,400)", "Offline: showing the copy from 10:42", "Sync failed: Documents", "No access with this key:
 * Expenses"), linking to its panel. It keeps one place and one width (app.css .sync-status): the header
 * never moves as a pass runs, and a routine pass leaves its words as they were. Also where main's sync events come in.
 */
export default function SyncStatus() {
  useLocalEvents();
  const lineText = useLineText();
  const { data } = useLocalStatus();
  if (!data || !data.enabled || data.storage === 'none') return null;
  const line = syncLineOf(data);
  const text = lineText(line);
  const Icon = ICONS[line.kind];
  const busy = line.kind === 'filling' ? line.area : line.kind === 'upToDate' && line.busy ? 'routine' : undefined;
  return (
    <ScreenButton
      screen={toList(LOCAL_COPY_AREA)} variant="subtle" size="compact-sm" leftSection={<Icon size={14} aria-hidden />} className="sync-status" title={text}
      data-testid="sync-status" data-kind={line.kind} data-online={data.online} data-paused={data.paused ?? undefined} data-busy={busy} visibleFrom="sm"
    >
      <span className="sync-status-text">{text}</span>
    </ScreenButton>
  );
}
