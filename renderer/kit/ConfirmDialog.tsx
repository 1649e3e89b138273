import { Button, Group, Stack, Text } from '@mantine/core';
import { useT } from '../i18n';
import { AppModal } from './AppModal';
import type { ConfirmRequest } from '../lib/ask';

/** The confirmation dialog itself (lazy: loaded with the first question). */
export default function ConfirmDialog({ req, answer }: { req: ConfirmRequest; answer: (ok: boolean) => void }) {
  const { t } = useT();
  return (
    <AppModal title={req.title} onClose={() => answer(false)}>
      <Stack data-testid="confirm-dialog">
        {req.body && <Text dir="auto">{req.body}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => answer(false)} data-autofocus data-testid="confirm-cancel">{t('app.cancel')}</Button>
          <Button color={req.danger ? 'red' : undefined} onClick={() => answer(true)} data-testid="confirm-ok">{req.confirm}</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
