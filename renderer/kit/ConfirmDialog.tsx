import { Button, Group, List, Stack, Text } from '@mantine/core';
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
        {req.items && req.items.length > 0 && (
          <List size="sm" data-testid="confirm-items">{req.items.map((item) => <List.Item key={item}><Text span dir="auto" size="sm">{item}</Text></List.Item>)}</List>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => answer(false)} data-autofocus data-testid="confirm-cancel">{t('app.cancel')}</Button>
          <Button color={req.danger ? 'red' : undefined} onClick={() => answer(true)} data-testid="confirm-ok">{req.confirm}</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
