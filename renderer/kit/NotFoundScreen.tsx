import { Alert, Stack, Title } from '@mantine/core';
import { useT } from '../i18n';
import { ScreenLink } from '../nav/links';
import { toHome } from '../nav/paths';

/** A route that names no screen of the app (an old link, a mistyped address). */
export function NotFoundScreen() {
  const { t } = useT();
  return (
    <Stack>
      <Title order={1} size="h2" id="screen-title">{t('app.notFoundTitle')}</Title>
      <Alert color="gray" variant="light" data-testid="screen-not-found">{t('app.notFoundBody')}</Alert>
      <ScreenLink screen={toHome()}>{t('app.home')}</ScreenLink>
    </Stack>
  );
}
