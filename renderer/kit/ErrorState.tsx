import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconRefresh } from '@tabler/icons-react';
import type { BridgeError, Permission } from '../../shared';
import { useT } from '../i18n';
import { explainError } from '../rules/access';
import { CopyButton } from './CopyButton';
import { useGo } from '../nav/links';
import { toList } from '../nav/paths';
import { PROFILES_AREA } from '../resources/groups';

/** Status, code and request id, each on its own line; the request id copyable for support. */
export function ErrorFacts({ error }: { error: BridgeError }) {
  const { t } = useT();
  return (
    <Stack gap={2} data-testid="error-facts">
      {error.status !== undefined && <Text size="sm">{t('errors.status')}: <Code>{error.status}</Code></Text>}
      {error.code && <Text size="sm">{t('errors.code')}: <Code data-testid="error-code">{error.code}</Code></Text>}
      {error.request_id && (
        <Group gap={4}>
          <Text size="sm">{t('errors.requestId')}: <Code data-testid="request-id">{error.request_id}</Code></Text>
          <CopyButton text={error.request_id} label={t('errors.copyRequestId')} />
        </Group>
      )}
    </Stack>
  );
}

/** The error of one area: its own explanation for each access code of section 5, else a plain error. */
export function ErrorState({ error, area, onRetry, writing }: { error: BridgeError; area?: string; onRetry?: () => void; writing?: readonly Permission[] }) {
  const { t, dyn, maybeKey } = useT();
  const go = useGo();
  const ex = explainError(error, area, writing);
  const retry = onRetry && (
    <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry}>{t('errors.retry')}</Button>
  );
  if (ex.kind === 'access') {
    const vars = { area: area ? dyn('areas', area) : '', permission: ex.permission ?? '' };
    const code = writing && ex.code === 'insufficient_permission' ? 'insufficient_write' : ex.code;
    return (
      <Alert color="orange" variant="light" icon={<IconLock aria-hidden />} title={t(`access.${code}.title`, vars)} role="alert" data-testid="access-error" data-code={ex.code}>
        <Stack gap="sm">
          <Text>{t(`access.${code}.body`, vars)}</Text>
          {ex.permission && <Text>{t('access.permission')}: <Code data-testid="missing-permission">{ex.permission}</Code></Text>}
          <Text fw={500}>{t(`access.${code}.next`, vars)}</Text>
          <ErrorFacts error={error} />
          <Group>
            {retry}
            {ex.keyProblem && <Button variant="default" onClick={() => go(toList(PROFILES_AREA))}>{t('access.openProfiles')}</Button>}
          </Group>
        </Stack>
      </Alert>
    );
  }
  const message =
    error.kind !== 'api' ? t(`errors.kind.${error.kind}`)
      : error.status === 429 ? t('errors.rateLimited')
        : error.status === 503 ? t('errors.unavailable')
          : error.code === 'invalid_filter' ? t('errors.invalidFilter')
            : error.code === 'resource_not_found' ? t('detail.notFound')
              : (error.code && maybeKey(`conflicts.${error.code}`)) || t('errors.kind.api');
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={writing ? t('errors.writeTitle') : t('errors.title')} role="alert" data-testid="error-state">
      <Stack gap="sm">
        <Text>{message}</Text>
        {error.kind === 'api' && error.message && <Text size="sm" c="dimmed" dir="auto">{error.message}</Text>}
        <ErrorFacts error={error} />
        {retry && <Group>{retry}</Group>}
      </Stack>
    </Alert>
  );
}
