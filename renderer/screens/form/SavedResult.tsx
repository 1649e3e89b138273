import { Alert, Group, Stack, Text, Title, Button } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useT } from '../../i18n';
import type { WriteResult } from '../../data/useWrite';
import type { FormSpec, ResourceDecl } from '../../resources/types';
import { ScreenButton } from '../../nav/links';
import { toList, toRecord, type ScreenTarget } from '../../nav/paths';
import { getPath } from '../../lib/format';
import { SubTable } from '../../kit/SubTable';

/**
 * What a write changed, shown from its answer after saving (a payment's updated balances): the
 * answer's own figures, not an estimate. Then on to the record, back, or another one.
 */
export function SavedResult({ decl, spec, result, title, onAgain, backTo }: {
  decl: ResourceDecl; spec: FormSpec; result: WriteResult; title: string; onAgain?: (() => void) | undefined; backTo: ScreenTarget | null;
}) {
  const { t, dyn } = useT();
  const id = spec.result?.id ? getPath(result.data, spec.result.id) : undefined;
  return (
    <Stack gap="md" data-testid="saved-result">
      <Title order={1} size="h2" id="screen-title" dir="auto">{title}</Title>
      <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} title={t('write.saved')} data-replayed={result.replayed || undefined}>
        {result.replayed && <Text>{t('write.replayed')}</Text>}
        {result.recovered && <Text>{t('write.recovered')}</Text>}
      </Alert>
      {spec.result?.tables.map((s) => <SubTable key={s.rows} spec={s} record={result.data} />)}
      <Group>
        {typeof id === 'string' && decl.detail.route && (
          <ScreenButton screen={toRecord(decl.area, id)} data-testid="result-open">{t('write.open')}</ScreenButton>
        )}
        {backTo && <ScreenButton variant="default" screen={backTo} data-testid="result-back">{t('write.back')}</ScreenButton>}
        {onAgain && <Button variant="default" onClick={onAgain} data-testid="result-again">{t('write.another')}</Button>}
        {!backTo && <ScreenButton variant="subtle" screen={toList(decl.area)}>{t('detail.backToList', { area: dyn('areas', decl.area) })}</ScreenButton>}
      </Group>
    </Stack>
  );
}
