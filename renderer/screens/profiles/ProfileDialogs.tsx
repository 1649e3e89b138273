import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Group, PasswordInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { ProfileMeta } from '../../../shared';
import { asBridgeError, invoke } from '../../bridge/call';
import { useT } from '../../i18n';
import { PROFILES_KEY, afterProfileChange } from '../../app/profiles';
import { ErrorState } from '../access/ErrorState';
import { AppModal } from '../../components/AppModal';

export function RenameDialog({ profile, onClose }: { profile: ProfileMeta; onClose: () => void }) {
  const { t } = useT();
  const qc = useQueryClient();
  const [name, setName] = useState(profile.name);
  const m = useMutation({ mutationFn: () => invoke('profiles.rename', { id: profile.id, name }), onSuccess: async () => { await qc.invalidateQueries({ queryKey: PROFILES_KEY }); onClose(); } });
  return (
    <AppModal onClose={onClose} title={t('profiles.renameTitle')}>
      <form onSubmit={(e) => { e.preventDefault(); m.mutate(); }}>
        <Stack>
          <TextInput label={t('connect.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={80} dir="auto" data-autofocus />
          {m.error && <ErrorState error={asBridgeError(m.error)} />}
          <Group justify="flex-end"><Button variant="default" onClick={onClose}>{t('app.cancel')}</Button><Button type="submit" loading={m.isPending} disabled={!name.trim()}>{t('profiles.save')}</Button></Group>
        </Stack>
      </form>
    </AppModal>
  );
}

/** After a rotation: the new key from the clipboard (preferred) or typed once. */
export function ReplaceKeyDialog({ profile, onClose }: { profile: ProfileMeta; onClose: () => void }) {
  const { t } = useT();
  const qc = useQueryClient();
  const [source, setSource] = useState<'clipboard' | 'typed'>('clipboard');
  const [key, setKey] = useState('');
  const m = useMutation({
    mutationFn: (k: string) => invoke('profiles.replaceKey', { id: profile.id, key: source === 'typed' ? { source: 'typed', key: k } : { source: 'clipboard' } }),
    onSuccess: async () => { await afterProfileChange(qc); onClose(); },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    m.mutate(key);
    setKey(''); // never kept in the form
  };
  return (
    <AppModal onClose={onClose} title={t('profiles.replaceKeyTitle', { name: profile.name })}>
      <form onSubmit={submit}>
        <Stack>
          <Radio.Group label={t('connect.keySource')} value={source} onChange={(v) => setSource(v === 'typed' ? 'typed' : 'clipboard')}>
            <Stack gap="xs" mt={4}>
              <Radio value="clipboard" label={t('connect.fromClipboard')} description={t('connect.fromClipboardHint')} />
              <Radio value="typed" label={t('connect.typed')} />
            </Stack>
          </Radio.Group>
          {source === 'typed' && <PasswordInput label={t('connect.key')} description={t('connect.keyHint')} value={key} onChange={(e) => setKey(e.currentTarget.value)} autoComplete="off" dir="ltr" />}
          {m.error && <ErrorState error={asBridgeError(m.error)} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('app.cancel')}</Button>
            <Button type="submit" loading={m.isPending} disabled={source === 'typed' && key.length < 8}>{t('profiles.replaceKey')}</Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

export function RemoveDialog({ profile, onClose }: { profile: ProfileMeta; onClose: () => void }) {
  const { t } = useT();
  const qc = useQueryClient();
  const m = useMutation({ mutationFn: () => invoke('profiles.remove', { id: profile.id }), onSuccess: async () => { await afterProfileChange(qc); onClose(); } });
  return (
    <AppModal onClose={onClose} title={t('profiles.removeTitle', { name: profile.name })}>
      <Stack>
        <Text>{t('profiles.removeBody')}</Text>
        {m.error && <ErrorState error={asBridgeError(m.error)} />}
        <Group justify="flex-end"><Button variant="default" onClick={onClose} data-autofocus>{t('app.cancel')}</Button><Button color="red" onClick={() => m.mutate()} loading={m.isPending}>{t('profiles.remove')}</Button></Group>
      </Stack>
    </AppModal>
  );
}
