import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useAreasState } from '../../data/localCopy';
import { useT } from '../../i18n';
import { useHeadingLevel } from '../../kit/headingLevel';
import { formatTimestamp } from '../../lib/format';
import type { RelatedSpec } from '../../resources/types';
import { areasOf } from '../../rules/related';

type State = 'waiting' | 'loading' | 'done' | 'error';

/** A related section's frame: its title, how fresh its copy is, and `data-state` (every figure on screen). */
export function RelatedFrame({ spec, state, children }: { spec: RelatedSpec; state: State; children: React.ReactNode }) {
  const { t, locale } = useT();
  const level = useHeadingLevel();
  const { asOf } = useAreasState(areasOf(spec));
  const id = `related-${spec.key}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id} data-testid={id} data-state={state} data-related={spec.key}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={level} size="h4" id={id}>{t(`related.${spec.key}` as never)}</Title>
          {asOf && state !== 'waiting' && <Text size="xs" c="dimmed">{t('home.asOf', { time: formatTimestamp(asOf, locale) })}</Text>}
        </Group>
        {spec.kind === 'totals' && spec.note && <Text size="sm" c="dimmed">{t(`related.notes.${spec.note}` as never)}</Text>}
        {children}
      </Stack>
    </Paper>
  );
}

