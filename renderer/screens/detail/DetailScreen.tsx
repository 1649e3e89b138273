import { useEffect } from 'react';
import { Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { ScreenLink, useGo } from '../../nav/links';
import { toList, toRecord } from '../../nav/paths';
import { useOutboxPart } from '../../data/outbox';
import { realIdOf } from '../../rules/outbox';
import type { ResourceDecl } from '../../resources/types';
import { CopyButton } from '../../kit/CopyButton';
import { useAreaShortcuts } from '../../keys/useAreaShortcuts';
import { RecordBody, useRecordModel } from './RecordView';

/** One record on its own page: a way back to its table, its name as the heading, then its body. */
export function DetailScreen({ decl, id }: { decl: ResourceDecl; id: string | null }) {
  const { t, dyn, lang } = useT();
  const model = useRecordModel(decl, id);
  const areaName = dyn('areas', decl.area);
  const Back = lang === 'he' ? IconArrowRight : IconArrowLeft;
  useAreaShortcuts(decl, id && model.record ? () => id : null);
  // A record made offline, now sent: its page is the one under the service's id.
  const go = useGo();
  const real = useOutboxPart((o) => (id ? realIdOf(o.entries, id) : null)).data ?? null;
  useEffect(() => { if (real) go(toRecord(decl.area, real), { replace: true }); }, [real, decl.area, go]);

  return (
    <Stack gap="md">
      {decl.list && (
        <ScreenLink screen={toList(decl.area)} size="sm">
          <Group gap={4} component="span"><Back size={14} aria-hidden />{t('detail.backToList', { area: areaName })}</Group>
        </ScreenLink>
      )}
      <Group gap="xs" align="center">
        <Title order={1} size="h2" id="screen-title" dir="auto">{model.titleText}</Title>
        {id && <CopyButton text={id} label={t('app.copyValue', { what: t('fields.id') })} />}
      </Group>
      <RecordBody decl={decl} id={id} model={model} />
    </Stack>
  );
}
