import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { BASE_URL_REFUSED, type ProfileMeta } from '../../../shared';
import { asBridgeError, invoke } from '../../bridge/call';
import { useT } from '../../i18n';
import { PROFILES_KEY, accessReportKey, afterProfileChange, useActivate, useProfiles } from '../../session/profiles';
import { EnvBadge } from '../../kit/ProfileButton';
import { ErrorState } from '../../kit/ErrorState';
import { AppModal } from '../../kit/AppModal';
import { ConnectForm } from '../../kit/ConnectForm';
import { RemoveDialog, RenameDialog, ReplaceKeyDialog } from './ProfileDialogs';

type Dialog = { kind: 'rename' | 'replace' | 'remove'; profile: ProfileMeta } | { kind: 'add' } | null;

function ProfileCard({ p, active, onDialog }: { p: ProfileMeta; active: boolean; onDialog: (d: Dialog) => void }) {
  const { t } = useT();
  const qc = useQueryClient();
  const activate = useActivate();
  const test = useMutation({
    mutationFn: () => invoke('profiles.test', { id: p.id }),
    onSettled: () => qc.invalidateQueries({ queryKey: PROFILES_KEY }),
    onSuccess: (data) => qc.setQueryData(accessReportKey(p.id), data),
  });
  const reset = useMutation({ mutationFn: () => invoke('demo.reset', {}), onSuccess: () => afterProfileChange(qc) });
  const status = p.status_code === BASE_URL_REFUSED ? t('profiles.needsNewAddress')
    : p.status === 'ok' ? t('profiles.statusOk') : p.status === 'error' ? t('profiles.statusError', { code: p.status_code ?? '' }) : t('profiles.statusUntested');
  return (
    <Card withBorder padding="md" component="li" aria-labelledby={`p-${p.id}`} data-testid="profile-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Title order={2} size="h4" id={`p-${p.id}`} dir="auto">{p.name}</Title>
            <EnvBadge profile={p} />
            {active && <Badge color="teal" variant="light">{t('profiles.active')}</Badge>}
            {p.session_only && <Badge color="orange" variant="light">{t('connect.sessionOnly')}</Badge>}
          </Group>
          <Text size="sm" c={p.status === 'error' ? 'red' : 'dimmed'}>{status}</Text>
        </Group>
        {p.business_name && <Text size="sm" dir="auto">{t('profiles.business', { name: p.business_name })}</Text>}
        <Group gap="md">
          <Code dir="ltr">{p.base_url}</Code>
          <Text size="sm" c="dimmed">{t('profiles.keyEnding', { last4: p.key_last4 })}</Text>
        </Group>
        {test.data && (
          <Stack gap={4} data-testid="profile-test-result">
            <Text size="sm" fw={600} dir="auto">{t('profiles.business', { name: test.data.business_name })}</Text>
            <Group gap={4}><Text size="sm">{t('profiles.readable')}:</Text>{test.data.readable.map((x) => <Badge key={x} size="sm" color="teal" variant="light" tt="none">{x}</Badge>)}</Group>
            {test.data.denied.length > 0 && <Group gap={4}><Text size="sm">{t('profiles.denied')}:</Text>{test.data.denied.map((x) => <Badge key={x} size="sm" color="red" variant="light" tt="none">{x}</Badge>)}</Group>}
          </Stack>
        )}
        {test.error && <ErrorState error={asBridgeError(test.error)} />}
        {reset.isSuccess && <Text size="sm" c="teal">{t('profiles.demoReset')}</Text>}
        <Group gap="xs">
          {!active && <Button size="xs" onClick={() => void activate(p.id)}>{t('profiles.activate')}</Button>}
          <Button size="xs" variant="light" onClick={() => test.mutate()} loading={test.isPending}>{t('profiles.testIt')}</Button>
          <Button size="xs" variant="default" onClick={() => onDialog({ kind: 'rename', profile: p })}>{t('profiles.rename')}</Button>
          {!p.is_demo && <Button size="xs" variant="default" onClick={() => onDialog({ kind: 'replace', profile: p })}>{t('profiles.replaceKey')}</Button>}
          {p.is_demo && active && <Button size="xs" variant="default" onClick={() => reset.mutate()} loading={reset.isPending}>{t('profiles.resetDemo')}</Button>}
          <Button size="xs" variant="subtle" color="red" onClick={() => onDialog({ kind: 'remove', profile: p })}>{t('profiles.remove')}</Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Settings → connection profiles: list, test, rename, replace key, remove, switch. */
export default function ProfilesScreen() {
  const { t } = useT();
  const profiles = useProfiles();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2" id="screen-title">{t('profiles.title')}</Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'add' })}>{t('profiles.add')}</Button>
      </Group>
      {profiles.error && <ErrorState error={asBridgeError(profiles.error)} />}
      {profiles.data && profiles.data.profiles.length === 0 && <Text c="dimmed">{t('profiles.none')}</Text>}
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {profiles.data?.profiles.map((p) => <ProfileCard key={p.id} p={p} active={p.id === profiles.data.active_id} onDialog={setDialog} />)}
      </Stack>
      {dialog?.kind === 'add' && <AppModal onClose={close} title={t('profiles.add')} size="lg"><ConnectForm onDone={close} /></AppModal>}
      {dialog?.kind === 'rename' && <RenameDialog profile={dialog.profile} onClose={close} />}
      {dialog?.kind === 'replace' && <ReplaceKeyDialog profile={dialog.profile} onClose={close} />}
      {dialog?.kind === 'remove' && <RemoveDialog profile={dialog.profile} onClose={close} />}
    </Stack>
  );
}
