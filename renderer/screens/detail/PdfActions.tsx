import { useMutation } from '@tanstack/react-query';
import { Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconDeviceFloppy, IconExternalLink, IconFileTypePdf } from '@tabler/icons-react';
import { asBridgeError, invoke } from '../../bridge/call';
import { useT } from '../../i18n';
import { ErrorState } from '../../kit/ErrorState';

/** Open or save a document's PDF through main; disabled with a visible reason when there is none. */
export function PdfActions({ documentId, available }: { documentId: string; available: boolean }) {
  const { t } = useT();
  const open = useMutation({ mutationFn: (target: 'window' | 'system') => invoke('pdf.open', { document_id: documentId, target }) });
  const save = useMutation({ mutationFn: () => invoke('pdf.save', { document_id: documentId }) });
  const busy = open.isPending || save.isPending;
  const failure = open.error ?? save.error;

  const button = (label: string, icon: React.ReactNode, onClick: () => void, loading: boolean, testId: string) => {
    const b = (
      <Button variant="light" leftSection={icon} onClick={onClick} loading={loading} disabled={!available || (busy && !loading)} data-testid={testId}>
        {label}
      </Button>
    );
    return available ? b : <Tooltip label={t('pdf.unavailable')}><span>{b}</span></Tooltip>;
  };

  return (
    <Stack gap="xs">
      <Group gap="sm">
        {button(t('pdf.open'), <IconFileTypePdf size={16} aria-hidden />, () => open.mutate('window'), open.isPending && open.variables === 'window', 'pdf-open')}
        {button(t('pdf.openSystem'), <IconExternalLink size={16} aria-hidden />, () => open.mutate('system'), open.isPending && open.variables === 'system', 'pdf-open-system')}
        {button(t('pdf.save'), <IconDeviceFloppy size={16} aria-hidden />, () => save.mutate(), save.isPending, 'pdf-save')}
      </Group>
      <div aria-live="polite" data-testid="pdf-status">
        {!available && <Text size="sm" c="dimmed">{t('pdf.unavailable')}</Text>}
        {open.isPending && <Text size="sm">{t('pdf.opening')}</Text>}
        {save.isPending && <Text size="sm">{t('pdf.saving')}</Text>}
        {open.isSuccess && !busy && <Text size="sm" c="teal">{t('pdf.opened')}</Text>}
        {save.isSuccess && !busy && (
          <Text size="sm" c={save.data.saved ? 'teal' : 'dimmed'}>{save.data.saved ? t('pdf.saved', { name: save.data.file_name ?? '' }) : t('pdf.cancelled')}</Text>
        )}
      </div>
      {failure && !busy && <ErrorState error={asBridgeError(failure)} area="documents" />}
    </Stack>
  );
}
