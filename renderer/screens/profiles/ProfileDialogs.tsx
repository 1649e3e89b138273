import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { BridgeError, ProfileMeta } from '../../../shared';
import { asBridgeError, invoke } from '../../bridge/call';
import { useT } from '../../i18n';
import { PROFILES_KEY, afterProfileChange } from '../../session/profiles';
import { ErrorState } from '../../kit/ErrorState';
import { AppModal } from '../../kit/AppModal';
import { KeySourceChoice, type KeySource } from '../../kit/ConnectForm';
import { KeyFailure, useTypedKey } from '../../kit/keyEntry';

interface ActionsProps {
  onClose: () => void;
  label: string;
  error: unknown;
  pending: boolean;
  disabled?: boolean;
  /** A button that acts at once; without it the action submits the dialog's form. */
  onConfirm?: () => void;
  danger?: boolean;
}

/** A dialog's last rows: what went wrong, if anything, then Cancel and the action. */
function DialogActions({ onClose, label, error, pending, disabled, onConfirm, danger }: ActionsProps) {
  const { t } = useT();
  return (
    <>
      {error ? <ErrorState error={asBridgeError(error)} /> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-autofocus={danger ? true : undefined}>{t('app.cancel')}</Button>
        <Button type={onConfirm ? 'button' : 'submit'} onClick={onConfirm} color={danger ? 'red' : undefined} loading={pending} disabled={disabled}>{label}</Button>
      </Group>
    </>
  );
}

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
          <DialogActions onClose={onClose} label={t('profiles.save')} error={m.error} pending={m.isPending} disabled={!name.trim()} />
        </Stack>
      </form>
    </AppModal>
  );
}

/** After a rotation: the new key from the clipboard (preferred) or typed once. The key never enters the mutation's variables. */
export function ReplaceKeyDialog({ profile, onClose }: { profile: ProfileMeta; onClose: () => void }) {
  const { t } = useT();
  const qc = useQueryClient();
  const [source, setSource] = useState<KeySource>('clipboard');
  const [failure, setFailure] = useState<BridgeError | null>(null);
  const typedKey = useTypedKey();
  const m = useMutation({
    mutationFn: (from: KeySource) =>
      invoke('profiles.replaceKey', { id: profile.id, key: from === 'typed' ? { source: 'typed', key: typedKey.take() } : { source: 'clipboard' } }),
    gcTime: 0,
    onSuccess: async () => { await afterProfileChange(qc); onClose(); },
    onError: (e) => setFailure(asBridgeError(e)),
    onSettled: (): void => { m.reset(); },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (source === 'typed' && !typedKey.submit()) return;
    setFailure(null);
    m.mutate(source);
  };
  return (
    <AppModal onClose={onClose} title={t('profiles.replaceKeyTitle', { name: profile.name })}>
      <form onSubmit={submit}>
        <Stack>
          <KeySourceChoice value={source} onChange={setSource} />
          {source === 'typed' && <PasswordInput ref={typedKey.input} label={t('connect.key')} description={t('connect.keyHint')} onChange={typedKey.clearInvalid} error={typedKey.invalid && t('connect.keyRequired')} autoComplete="off" dir="ltr" />}
          {failure && <KeyFailure error={failure} />}
          <DialogActions onClose={onClose} label={t('profiles.replaceKey')} error={null} pending={m.isPending} />
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
        <DialogActions onClose={onClose} label={t('profiles.remove')} error={m.error} pending={m.isPending} onConfirm={() => m.mutate()} danger />
      </Stack>
    </AppModal>
  );
}
