import { useEffect, useRef } from 'react';

/**
 * What `n` (create) and `e` (edit) act on. Each screen part that offers them registers a target;
 * the one registered last (the drawer over its table, a record over the shell) answers first.
 */
export interface ShortcutTarget {
  create?: () => void;
  edit?: () => void;
}
export type TargetAction = keyof ShortcutTarget;

const stack: { current: ShortcutTarget }[] = [];

/** Runs the newest target that offers the action; false when none does. */
export function runTarget(action: TargetAction): boolean {
  for (let i = stack.length - 1; i >= 0; i--) {
    const run = stack[i]!.current[action];
    if (run) {
      run();
      return true;
    }
  }
  return false;
}

/** Registers the caller's create / edit while it is mounted (the latest functions are used). */
export function useShortcutTarget(target: ShortcutTarget): void {
  const ref = useRef(target);
  ref.current = target;
  useEffect(() => {
    const entry = { get current() { return ref.current; } };
    stack.push(entry);
    return () => {
      const i = stack.indexOf(entry);
      if (i >= 0) stack.splice(i, 1);
    };
  }, []);
}
