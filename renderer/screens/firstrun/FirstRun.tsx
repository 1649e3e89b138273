import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Center, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFlask, IconKey } from '@tabler/icons-react';
import { asBridgeError, invoke } from '../../bridge/call';
import { useT } from '../../i18n';
import { afterProfileChange } from '../../session/profiles';
import { markAppReady } from '../../kit/appReady';
import { LanguageSwitch } from '../../kit/LanguageSwitch';
import { ErrorState } from '../../kit/ErrorState';
import { ConnectForm } from '../../kit/ConnectForm';

/** No profile yet: connect with a key, or explore the demo business. */
export default function FirstRun() {
  const { t } = useT();
  const qc = useQueryClient();
  const [connecting, setConnecting] = useState(false);
  useEffect(() => markAppReady(), []);
  const demo = useMutation({ mutationFn: () => invoke('demo.start', {}), onSuccess: () => afterProfileChange(qc) });

  return (
    <Container size="md" py="xl" component="main" id="main">
      <Group justify="flex-end"><LanguageSwitch /></Group>
      <Stack gap="lg" mt="md">
        <Title order={1} id="screen-title">{t('firstRun.title')}</Title>
        <Text size="lg">{t('firstRun.intro')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Card withBorder padding="lg" component="section" aria-labelledby="fr-connect">
            <Stack gap="sm">
              <Group gap="xs"><IconKey aria-hidden /><Title order={2} size="h3" id="fr-connect">{t('firstRun.connect')}</Title></Group>
              <Text c="dimmed">{t('firstRun.connectHint')}</Text>
              {connecting ? <ConnectForm showTitle={false} /> : <Button onClick={() => setConnecting(true)} data-testid="first-run-connect">{t('firstRun.connect')}</Button>}
            </Stack>
          </Card>
          <Card withBorder padding="lg" component="section" aria-labelledby="fr-demo">
            <Stack gap="sm">
              <Group gap="xs"><IconFlask aria-hidden /><Title order={2} size="h3" id="fr-demo">{t('firstRun.demo')}</Title></Group>
              <Text c="dimmed">{t('firstRun.demoHint')}</Text>
              <Button variant="light" onClick={() => demo.mutate()} loading={demo.isPending} data-testid="first-run-demo">{t('firstRun.demo')}</Button>
              {demo.isPending && <Text size="sm" role="status">{t('firstRun.demoStarting')}</Text>}
              {demo.error && <ErrorState error={asBridgeError(demo.error)} onRetry={() => demo.mutate()} />}
            </Stack>
          </Card>
        </SimpleGrid>
      </Stack>
      <Center mt="xl"><Text size="xs" c="dimmed">{t('app.title')}</Text></Center>
    </Container>
  );
}
