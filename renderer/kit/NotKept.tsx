import { Alert, Text } from '@mantine/core';
import type { BridgeError } from '../../shared';
import { useT } from '../i18n';

/** Why a write the service could not take was not kept in the outbox either (the copy off, a permission not proven yet). */
export function NotKept({ error, icon }: { error: BridgeError; icon?: React.ReactNode }) {
  const { t, maybeKey } = useT();
  return (
    <Alert color="orange" variant="light" title={t('outbox.notKeptTitle')} icon={icon} role="alert" data-testid="write-not-kept" data-code={error.code ?? error.kind}>
      <Text size="sm">{maybeKey(`outbox.notKept.${error.code ?? ''}`) ?? error.message}</Text>
    </Alert>
  );
}
