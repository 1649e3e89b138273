import { Group } from '@mantine/core';
import { useT } from '../i18n';
import { CopyButton } from './CopyButton';

/** A request id in a table's cell with "Copy request id" beside it; none said as such. */
export function RequestIdCell({ id, testId }: { id: string | null | undefined; testId?: string }) {
  const { t } = useT();
  if (!id) return <span className="dimmed">{t('app.none')}</span>;
  return (
    <Group gap={4} wrap="nowrap">
      <code className="id-code" dir="ltr" data-testid={testId}>{id}</code>
      <CopyButton text={id} label={t('notices.copyRequestId')} />
    </Group>
  );
}
