import { Paper, Text, Title } from '@mantine/core';
import { useT } from '../i18n';

export function HomePage() {
  const { t } = useT();
  return (
    <Paper withBorder p="xl">
      <Title order={1} size="h2" id="screen-title">{t('app.home')}</Title>
      <Text mt="sm">{t('app.welcome')}</Text>
    </Paper>
  );
}
