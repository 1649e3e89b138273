import { memo } from 'react';
import { Paper, Table, Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useFormControl } from './formControl';
import { useT } from '../../i18n';
import { useLocale } from '../../kit/useLocale';
import type { FormSpec } from '../../resources/types';

/** Figures computed from the form as the user types; only this part re-renders on each keystroke (and only then: memoised). */
export const FormSummary = memo(function FormSummary({ summary, note }: { summary: NonNullable<FormSpec['summary']>; note?: string | undefined }) {
  const { t, dyn } = useT();
  const locale = useLocale();
  const { control } = useFormControl();
  const values = useWatch({ control }) as Record<string, unknown>;
  const lines = summary(values, locale);
  if (lines.length === 0) return null;
  return (
    <Paper withBorder p="md" data-testid="form-summary" aria-live="polite">
      <Text size="sm" c="dimmed" mb={4}>{note ? t(`hints.${note}` as never) : t('form.estimate')}</Text>
      <Table maw={380}>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.label}>
              <Table.Td>{dyn('fields', l.label)}</Table.Td>
              <Table.Td ta="end" className="num" dir="ltr" data-summary={l.label}>{l.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
});
