import { IconAlertTriangle, IconCloudCheck, IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { numberFormat } from '../../shared';
import { useT } from '../i18n';
import { useLocalEvents, useLocalStatus } from '../data/localCopy';
import { ScreenButton } from '../nav/links';
import { toList } from '../nav/paths';
import { LOCAL_COPY_AREA } from '../resources/groups';
import { formatTimestamp } from '../lib/format';
import { syncLineOf, type SyncLine } from '../rules/syncLine';

const ICONS: Record<SyncLine['kind'], typeof IconRefresh> = {
  offline: IconCloudOff, syncing: IconRefresh, serviceBusy: IconAlertTriangle, keyRefused: IconAlertTriangle, upToDate: IconCloudCheck,
};

/**
 * The local copy's state in the header, in a few words ("Up to date", "Syncing customers: 3,400",
 * "Offline: showing the copy from 10:42", "Service busy: ..."), linking to its panel. Also where main's sync events come in.
 */
export default function SyncStatus() {
  useLocalEvents();
  const { t, dyn, locale } = useT();
  const { data } = useLocalStatus();
  if (!data || !data.enabled || data.storage === 'none') return null;
  const line = syncLineOf(data);
  const text = line.kind === 'syncing' ? t('sync.busy', { area: dyn('areas', line.area), n: numberFormat(locale).format(line.records) })
    : line.kind === 'upToDate' ? t('sync.upToDate')
      : t(`sync.${line.kind}`, { time: line.since ? formatTimestamp(line.since, locale) : '—' });
  const Icon = ICONS[line.kind];
  return (
    <ScreenButton screen={toList(LOCAL_COPY_AREA)} variant="subtle" size="compact-sm" leftSection={<Icon size={14} aria-hidden />} data-testid="sync-status" data-online={data.online} data-paused={data.paused ?? undefined} data-busy={line.kind === 'syncing' ? line.area : undefined} visibleFrom="sm">
      {text}
    </ScreenButton>
  );
}
