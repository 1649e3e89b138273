import { describe, expect, it, vi } from 'vitest';
vi.mock('electron', () => ({}));
const { mayQuit } = await import('../../../electron/main/quit');
const { quitUnsentDialog, setDialogLanguage } = await import('../../../electron/main/dialog-texts');
import type { MessageBoxSyncOptions } from 'electron';

/** A core with an active profile (session-only or not) whose outbox holds `unsent` changes. */
const coreWith = (sessionOnly: boolean | null, unsent: number) => ({
  profiles: { active: () => (sessionOnly === null ? null : { session_only: sessionOnly }) },
  local: { unsentChanges: () => unsent },
}) as unknown as Parameters<typeof mayQuit>[0];

describe('quitting with changes not sent', () => {
  it('asks only for a session-only profile with changes waiting; "Keep the app open" (the default, and Escape) stops the quit', () => {
    const asked: MessageBoxSyncOptions[] = [];
    const keep = (o: MessageBoxSyncOptions) => { asked.push(o); return o.cancelId ?? 1; };
    expect(mayQuit(coreWith(true, 3), keep)).toBe(false);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ message: 'Quit and lose 3 changes made offline?', defaultId: 1, cancelId: 1, buttons: ['Quit and lose them', 'Keep the app open'] });
    expect(mayQuit(coreWith(true, 3), () => 0)).toBe(true);
    // A profile whose copy is on disk keeps its outbox across restarts; nothing waiting, nothing to ask.
    for (const core of [coreWith(false, 5), coreWith(true, 0), coreWith(null, 0)]) expect(mayQuit(core, keep)).toBe(true);
    expect(asked).toHaveLength(1);
  });

  it('speaks the app\'s language, one change and two in their own words', () => {
    expect(quitUnsentDialog(1, 'en').message).toBe('Quit and lose a change made offline?');
    setDialogLanguage('he');
    try {
      expect(quitUnsentDialog(1).message).toBe('לצאת ולאבד שינוי אחד שנעשה בלי חיבור?');
      expect(quitUnsentDialog(2).message).toBe('לצאת ולאבד שני שינויים שנעשו בלי חיבור?');
      expect(quitUnsentDialog(7)).toMatchObject({ message: 'לצאת ולאבד 7 שינויים שנעשו בלי חיבור?', buttons: ['יציאה ואיבוד השינויים', 'השארת האפליקציה פתוחה'] });
    } finally {
      setDialogLanguage('en');
    }
  });
});
