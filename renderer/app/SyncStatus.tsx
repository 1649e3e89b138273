import { IconCloudCheck, IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { numberFormat } from '../../shared';
import { useT } from '../i18n';
import { useLocalEvents, useLocalStatus } from '../data/localCopy';
import { ScreenButton } from '../nav/links';
import { toList } from '../nav/paths';
import { LOCAL_COPY_AREA } from '../resources/groups';
import { formatTimestamp } from '../lib/format';

/**
 * The local copy's state in the header, in a few words ("Up to date", "Syncing customers: 3,400",
 * "Offline: the copy from 10:42"), linking to its panel. Also where main's sync events come in.
 */
export default function SyncStatus() {
  useLocalEvents();
  const { t, dyn, locale } = useT();
  const { data } = useLocalStatus();
  if (!data || !data.enabled || data.storage === 'none') return null;
  const busy = data.areas.find((a) => a.state === 'filling' || a.state === 'syncing');
  const last = data.areas.map((a) => a.last_sync).filter((x): x is string => x !== null).sort().at(-1) ?? null;
  const text = !data.online ? t('sync.offline', { time: last ? formatTimestamp(last, locale) : '—' })
    : busy ? t('sync.busy', { area: dyn('areas', busy.area), n: numberFormat(locale).format(busy.progress?.records ?? busy.records) })
      : t('sync.upToDate');
  const Icon = !data.online ? IconCloudOff : busy ? IconRefresh : IconCloudCheck;
  return (
    <ScreenButton screen={toList(LOCAL_COPY_AREA)} variant="subtle" size="compact-sm" leftSection={<Icon size={14} aria-hidden />} data-testid="sync-status" data-online={data.online} data-busy={busy ? busy.area : undefined} visibleFrom="sm">
      {text}
    </ScreenButton>
  );
}
