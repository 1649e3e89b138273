import { createContext, useContext } from 'react';
import { lockOf } from '../../rules/permissions';

/** The open form's locked fields (rules/permissions.ts lockedFields), each with the reason its input shows. */
export type FieldLocks = ReadonlyMap<string, string>;
export const FieldLocksContext = createContext<FieldLocks>(new Map());

/** Why this input is locked (its field or one holding it), or null. */
export const useLockedReason = (name: string): string | null => lockOf(useContext(FieldLocksContext), name) ?? null;
