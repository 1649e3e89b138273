import { Text } from '@mantine/core';
import { type LocalAreaStatus, type LocalStatus } from '../../../shared';
import { useT } from '../../i18n';

/** Above a table served by the API: why it is not the local copy (filling, off, refused, failed). */
export function ListSource({ status, area }: { status: LocalStatus | undefined; area: LocalAreaStatus | undefined }) {
  const { t } = useT();
  if (!status) return null;
  const text = !status.enabled ? t('localList.fromApiOff')
    : area?.state === 'denied' ? t('localList.fromApiDenied')
      : area?.state === 'error' ? t('localList.fromApiError', { message: area.message ?? '' })
        : area && !area.ready ? t('localList.fromApiFilling', { count: area.progress?.records ?? area.records })
          : t('localList.fromApi');
  return <Text size="sm" c="dimmed" data-testid="list-source" data-source="api">{text}</Text>;
}
