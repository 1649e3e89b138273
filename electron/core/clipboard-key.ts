import { API_KEY_PATTERN } from '../../shared';
import { CoreError } from './errors';
import type { HostServices, KeyUseQuestion } from './ports';

/**
 * Taking an API key from the clipboard. The renderer only says "use the clipboard", so a
 * compromised page could otherwise make main send whatever the user last copied to any host:
 * the user is asked first in a native dialog naming the host, nothing that is not shaped like
 * an API key is used (or described: not even its last four characters), and the clipboard is
 * emptied once the key is saved.
 */

export const CLIPBOARD_DECLINED = 'clipboard_declined';
export const CLIPBOARD_NOT_A_KEY = 'clipboard_not_a_key';

const NOT_A_KEY_MESSAGE = 'The clipboard does not hold an API key. Copy the whole key (it starts with bo_live_ or bo_test_) and try again.';

export class ClipboardKeys {
  constructor(private readonly host: HostServices) {}

  /** Asks the user, then reads and checks the clipboard. Returns the trimmed key. */
  async take(baseUrl: string, profileName: string, purpose: KeyUseQuestion['purpose']): Promise<string> {
    const question: KeyUseQuestion = { host: new URL(baseUrl).host, baseUrl, profileName, purpose };
    let allowed = false;
    try {
      allowed = await this.host.confirmKeyUse(question);
    } catch {
      allowed = false;
    }
    if (!allowed) throw new CoreError('cancelled', 'The key on the clipboard was not used.', { code: CLIPBOARD_DECLINED });
    let text: string;
    try {
      text = await this.host.readClipboardText();
    } catch {
      text = '';
    }
    const key = text.trim();
    if (!API_KEY_PATTERN.test(key)) {
      throw new CoreError('invalid_input', NOT_A_KEY_MESSAGE, { code: CLIPBOARD_NOT_A_KEY, field_errors: [{ path: 'key', message: NOT_A_KEY_MESSAGE }] });
    }
    return key;
  }

  /** After the key was saved: empties the clipboard if it still holds that key (and nothing newer). */
  async release(key: string): Promise<void> {
    try {
      if ((await this.host.readClipboardText()).trim() === key) this.host.clearClipboard();
    } catch {
      // A clipboard that cannot be read now cannot be checked; leave it as it is.
    }
  }
}
