import { useEffect, useRef } from 'react';
import { useBlocker } from '@tanstack/react-router';
import { useT } from '../../i18n';
import { confirmDiscard, markUnsaved } from '../../session/unsaved';

/**
 * While `dirty`, in-app navigation asks first (the router's blocker), closing or reloading the
 * window asks first (beforeunload; Electron turns it into main's dialog), and so does switching
 * profile (mayLeave reads the same registry).
 */
export function useUnsavedGuard(dirty: boolean): { release: () => void } {
  const { t } = useT();
  const owner = useRef(Symbol('form'));
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    const id = owner.current;
    markUnsaved(id, dirty);
    return () => markUnsaved(id, false);
  }, [dirty]);
  const released = useRef(false);
  useBlocker({
    shouldBlockFn: async () => dirtyRef.current && !released.current && !(await confirmDiscard(t)),
    enableBeforeUnload: () => dirtyRef.current && !released.current,
  });
  // After a save the form leaves on purpose: nothing is lost.
  return { release: () => { released.current = true; markUnsaved(owner.current, false); } };
}
