import { Group, Paper, Spoiler, Stack, Text } from '@mantine/core';
import { useT } from '../../i18n';
import { useDeleted } from '../../session/useDeleted';
import type { ResourceDecl } from '../../resources/types';
import { useLocale } from '../../kit/useLocale';
import { formatTimestamp } from '../../lib/format';
import { RestoreButton } from '../detail/RestoreButton';

/** Records of this area deleted from this app: the API lists none, so this is the way back to them. */
export function DeletedRecords({ decl }: { decl: ResourceDecl }) {
  const { t } = useT();
  const locale = useLocale();
  const entries = useDeleted(decl.area);
  if (!decl.writes?.restore || entries.length === 0) return null;
  return (
    <Paper withBorder p="sm" data-testid="deleted-records">
      <Text fw={600} size="sm" mb={4}>{t('restore.recentlyDeleted', { n: entries.length })}</Text>
      <Spoiler maxHeight={96} showLabel={t('restore.showAll')} hideLabel={t('restore.showFewer')}>
        <Stack gap={4}>
          {entries.map((e) => (
            <Group key={e.id} justify="space-between" wrap="nowrap" data-deleted-id={e.id}>
              <Text size="sm" dir="auto" truncate>{e.name} <Text span c="dimmed" size="xs">· {formatTimestamp(e.at, locale)}</Text></Text>
              <RestoreButton decl={decl} id={e.id} name={e.name} compact />
            </Group>
          ))}
        </Stack>
      </Spoiler>
    </Paper>
  );
}
