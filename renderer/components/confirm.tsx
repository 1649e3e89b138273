import { useEffect, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useT } from '../i18n';
import { AppModal } from './AppModal';

export interface ConfirmRequest {
  title: string;
  body?: string;
  confirm: string;
  danger?: boolean;
}

type Host = (r: ConfirmRequest) => Promise<boolean>;
let host: Host | null = null;

/** Asks the user to confirm in the app's own dialog (both languages, right-to-left aware). */
export function askConfirm(r: ConfirmRequest): Promise<boolean> {
  return host ? host(r) : Promise.resolve(false);
}

/** Mounted once at the root: shows the questions askConfirm asks, one at a time. */
export function ConfirmHost() {
  const { t } = useT();
  const [current, setCurrent] = useState<{ req: ConfirmRequest; resolve: (ok: boolean) => void } | null>(null);
  useEffect(() => {
    host = (req) => new Promise<boolean>((resolve) => setCurrent((prev) => {
      prev?.resolve(false);
      return { req, resolve };
    }));
    return () => { host = null; };
  }, []);
  if (!current) return null;
  const answer = (ok: boolean) => { current.resolve(ok); setCurrent(null); };
  return (
    <AppModal title={current.req.title} onClose={() => answer(false)}>
      <Stack data-testid="confirm-dialog">
        {current.req.body && <Text dir="auto">{current.req.body}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => answer(false)} data-autofocus data-testid="confirm-cancel">{t('app.cancel')}</Button>
          <Button color={current.req.danger ? 'red' : undefined} onClick={() => answer(true)} data-testid="confirm-ok">{current.req.confirm}</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
