import { useState } from 'react';
import { useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, PasswordInput, Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconClipboard, IconShieldExclamation } from '@tabler/icons-react';
import { OPERATIONS, environmentSchema, type BridgeError } from '../../shared';
import { asBridgeError, invoke } from '../bridge/call';
import { useT } from '../i18n';
import { afterProfileChange } from '../session/profiles';
import { baseUrlMessage, KeyFailure, useTypedKey } from './keyEntry';

const addInput = OPERATIONS['profiles.add'].input.shape;
/** The form's own shape, built from the bridge contract's field schemas. The typed key is not in it (useTypedKey). */
const formSchema = z.object({
  name: addInput.name,
  environment: environmentSchema,
  base_url: addInput.base_url,
  keySource: z.enum(['clipboard', 'typed']),
  session_only: z.boolean(),
});
type FormValues = z.infer<typeof formSchema>;

export type KeySource = 'clipboard' | 'typed';

/** Where the key comes from: the clipboard (main reads it; preferred) or typed once. Also used by "Replace key". */
export function KeySourceChoice({ value, onChange }: { value: KeySource; onChange: (v: KeySource) => void }) {
  const { t } = useT();
  return (
    <Radio.Group label={t('connect.keySource')} value={value} onChange={(v) => onChange(v === 'typed' ? 'typed' : 'clipboard')}>
      <Stack gap="xs" mt={4}>
        <Radio value="clipboard" label={t('connect.fromClipboard')} description={t('connect.fromClipboardHint')} />
        <Radio value="typed" label={t('connect.typed')} />
      </Stack>
    </Radio.Group>
  );
}

/** Connect with an API key: clipboard (main reads it) preferred; a typed key is sent once and cleared. */
export function ConnectForm({ onDone, showTitle = true }: { onDone?: () => void; showTitle?: boolean }) {
  const { t } = useT();
  const qc = useQueryClient();
  const info = useQuery({ queryKey: ['app.info'], queryFn: ({ signal }) => invoke('app.info', {}, signal), staleTime: Infinity });
  const [vaultError, setVaultError] = useState<BridgeError | null>(null);
  // The last failure, kept here because the mutation is reset as soon as it settles.
  const [failure, setFailure] = useState<BridgeError | null>(null);
  const typedKey = useTypedKey();
  // Which weak key store this computer has: known up front from app.info, or from main's refusal.
  const weakVault = vaultError?.code === 'vault_unavailable' || info.data?.vault_backend === 'unavailable' ? 'unavailable'
    : vaultError !== null || info.data?.vault_backend === 'basic_text' ? 'basicText' : null;
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: '', environment: 'test', base_url: 'https://', keySource: 'clipboard', session_only: false },
  });
  const keySource = form.watch('keySource');
  const add = useMutation({
    // The variables carry no key: a typed one is read from the ref here, once.
    mutationFn: (v: FormValues) =>
      invoke('profiles.add', {
        name: v.name,
        environment: v.environment,
        base_url: v.base_url,
        key: v.keySource === 'typed' ? { source: 'typed', key: typedKey.take() } : { source: 'clipboard' },
        session_only: v.session_only,
      }),
    gcTime: 0,
    onSuccess: async () => {
      await afterProfileChange(qc);
      onDone?.();
    },
    onError: (e) => {
      const err = asBridgeError(e);
      setFailure(err);
      // No keyring: explain, and offer a session-only key instead of storing it silently.
      if (err.kind === 'vault') { setVaultError(err); form.setValue('session_only', true); }
    },
    onSettled: (): void => { add.reset(); },
  });
  const submit = form.handleSubmit((v) => {
    if (v.keySource === 'typed' && !typedKey.submit()) return;
    setFailure(null);
    add.mutate(v);
  });
  const err = form.formState.errors;
  const connectSessionOnly = () => {
    form.setValue('session_only', true);
    void submit();
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="connect-title" noValidate>
      <Stack gap="md">
        <Text id="connect-title" fw={700} size="lg" className={showTitle ? undefined : 'visually-hidden'}>{t('connect.title')}</Text>
        <TextInput label={t('connect.name')} placeholder={t('connect.namePlaceholder')} required dir="auto" {...form.register('name')} error={err.name && t('connect.nameRequired')} />
        <Controller
          control={form.control}
          name="environment"
          render={({ field }) => (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="env-label">{t('connect.environment')}</Text>
              <SegmentedControl aria-labelledby="env-label" value={field.value} onChange={field.onChange} data={[{ value: 'test', label: t('connect.test') }, { value: 'live', label: t('connect.live') }]} />
            </Stack>
          )}
        />
        <TextInput label={t('connect.baseUrl')} description={t('connect.baseUrlHint')} required dir="ltr" type="url" {...form.register('base_url')} error={err.base_url && baseUrlMessage(t, form.getValues('base_url'))} />
        <Controller
          control={form.control}
          name="keySource"
          render={({ field }) => (
            <KeySourceChoice value={field.value} onChange={field.onChange} />
          )}
        />
        {keySource === 'typed' && (
          <PasswordInput ref={typedKey.input} label={t('connect.key')} description={t('connect.keyHint')} autoComplete="off" dir="ltr" onChange={typedKey.clearInvalid} error={typedKey.invalid && t('connect.keyRequired')} />
        )}
        {weakVault && (
          <Alert color="orange" icon={<IconShieldExclamation aria-hidden />} title={t(`connect.${weakVault}Title`)} data-testid="vault-warning" data-backend={weakVault}>
            <Stack gap="xs">
              <Text size="sm">{t(`connect.${weakVault}Body`)}</Text>
              {vaultError && <Text size="sm" fw={500} data-testid="vault-refused">{t('connect.notSaved')}</Text>}
              <Checkbox label={t('connect.basicTextChoice')} {...form.register('session_only')} />
              {vaultError && (
                <Button variant="filled" color="orange" onClick={connectSessionOnly} loading={add.isPending} data-testid="vault-session-only">
                  {t('connect.connectSessionOnly')}
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        {failure && failure.kind !== 'vault' && <KeyFailure error={failure} />}
        <Button type="submit" loading={add.isPending} leftSection={keySource === 'clipboard' ? <IconClipboard size={16} aria-hidden /> : undefined}>
          {keySource === 'clipboard' ? t('connect.fromClipboard') : t('connect.submit')}
        </Button>
      </Stack>
    </form>
  );
}
