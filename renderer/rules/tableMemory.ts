/**
 * Where list screens keep their state between visits (per area, in memory). Apart from the list
 * screens' own module, so the shell can forget it on a profile change without loading them.
 */
export const tableMemory = new Map<string, unknown>();

/** A new profile means other data: forget every table position. */
export const clearTableStates = (): void => tableMemory.clear();
