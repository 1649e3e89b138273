import { Fragment } from 'react';
import { Stack, Table, Text, Title } from '@mantine/core';
import { AppModal } from '../kit/AppModal';
import { dirOf, useT } from '../i18n';
import { SHORTCUTS, type ShortcutScope } from '../keys/shortcuts';
import { isMac, keyLabel } from '../keys/bindings';

const SCOPES: readonly ShortcutScope[] = ['everywhere', 'tables', 'records', 'forms'];

/** Every shortcut, by where it works; left and right shown as they act in the current direction. */
export default function ShortcutHelp({ onClose }: { onClose: () => void }) {
  const { t, lang } = useT();
  const rtl = dirOf(lang) === 'rtl';
  const mac = isMac();
  return (
    <AppModal title={t('shortcuts.title')} onClose={onClose} size="lg">
      <Stack gap="md" data-testid="shortcut-help">
        {SCOPES.map((scope) => (
          <section key={scope} aria-labelledby={`keys-${scope}`}>
            <Title order={2} size="h5" id={`keys-${scope}`} mb={4}>{t(`shortcuts.${scope}`)}</Title>
            <Table withRowBorders={false} verticalSpacing={4} aria-labelledby={`keys-${scope}`}>
              <Table.Thead className="visually-hidden">
                <Table.Tr><Table.Th scope="col">{t('shortcuts.keys')}</Table.Th><Table.Th scope="col">{t('shortcuts.does')}</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {SHORTCUTS.filter((s) => s.scope === scope).map((s) => (
                  <Table.Tr key={s.id} data-shortcut={s.id}>
                    <Table.Td w={170}>
                      {(rtl && s.rtl ? s.rtl : s.keys).map((chord, i) => (
                        <Fragment key={i}>
                          {i > 0 && <Text span size="xs" c="dimmed" mx={4}>{t('shortcuts.or')}</Text>}
                          {/* A chord reads modifier first in the reading direction: "Ctrl + K" in both languages (right to left in Hebrew). */}
                          <span className="chord" data-chord={chord.join('+')}>{chord.map((k, j) => <Fragment key={k}>{j > 0 && ' + '}<kbd>{keyLabel(k, mac)}</kbd></Fragment>)}</span>
                        </Fragment>
                      ))}
                    </Table.Td>
                    <Table.Td>{t(s.text)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>
        ))}
        {rtl && <Text size="sm" c="dimmed">{t('shortcuts.rtlNote')}</Text>}
      </Stack>
    </AppModal>
  );
}
