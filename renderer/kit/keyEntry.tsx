import { useCallback, useRef, useState } from 'react';
import { Alert } from '@mantine/core';
import { IconClipboardX } from '@tabler/icons-react';
import { MAX_PROFILES, TOO_MANY_PROFILES, baseUrlProblem, type BridgeError } from '../../shared';
import { useT, type Translate } from '../i18n';
import { ErrorState } from './ErrorState';

/** The shortest and longest key the bridge accepts when typed (shared/bridge/profiles.ts keySourceSchema). */
const KEY_MIN = 8;
const KEY_MAX = 512;

/**
 * A typed key without copies: the input is uncontrolled (no form state holds it), submit() moves
 * its text into a ref and empties the input, and take() hands it to the mutation function once.
 * So it is never in TanStack Query's `variables`, in a re-render, or left in the field.
 */
export function useTypedKey() {
  const input = useRef<HTMLInputElement>(null);
  const pending = useRef('');
  const [invalid, setInvalid] = useState(false);
  /** Moves the typed text into the ref; false (and the field marked) when it cannot be a key. */
  const submit = useCallback((): boolean => {
    const el = input.current;
    const text = el?.value ?? '';
    if (el) el.value = '';
    const ok = text.length >= KEY_MIN && text.length <= KEY_MAX;
    pending.current = ok ? text : '';
    setInvalid(!ok);
    return ok;
  }, []);
  const take = useCallback((): string => {
    const key = pending.current;
    pending.current = '';
    return key;
  }, []);
  return { input, invalid, clearInvalid: () => setInvalid(false), submit, take };
}

/** What went wrong with a key: the clipboard refusals and the profile cap in the user's words, anything else as usual. */
export function KeyFailure({ error }: { error: BridgeError }) {
  const { t } = useT();
  if (error.code === TOO_MANY_PROFILES) {
    return <Alert color="orange" role="alert" data-testid="too-many-profiles">{t('connect.tooManyProfiles', { count: MAX_PROFILES })}</Alert>;
  }
  if (error.code === 'clipboard_declined' || error.code === 'clipboard_not_a_key') {
    const declined = error.code === 'clipboard_declined';
    return (
      <Alert color={declined ? 'gray' : 'red'} icon={<IconClipboardX aria-hidden />} role="alert" data-testid="clipboard-refused" data-code={error.code}>
        {t(declined ? 'connect.clipboardDeclined' : 'connect.clipboardNotKey')}
      </Alert>
    );
  }
  return <ErrorState error={error} />;
}

/** The connect form's words for a base URL the contract refuses (shared/base-url.ts). */
export function baseUrlMessage(t: Translate, value: string): string {
  const problem = baseUrlProblem(value);
  return problem === 'insecure' ? t('connect.baseUrlInsecure') : problem === 'credentials' ? t('connect.baseUrlCredentials') : t('connect.baseUrlInvalid');
}
