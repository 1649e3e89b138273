import { yieldToMain } from './thread-priority';

/**
 * Imported first by the copy's threads (the engine, its back room): their priority is lowered before
 * their other modules load, whose loading would otherwise take turns with main's thread.
 */
yieldToMain();
