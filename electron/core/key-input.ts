import { API_KEY_PATTERN, type ENVIRONMENTS } from '../../shared';
import { CoreError } from './errors';

type Environment = (typeof ENVIRONMENTS)[number];

/** Printable, no spaces: keys of any issuer we might meet (the spec leaves the format unshown). */
const PLAUSIBLE_KEY = /^[A-Za-z0-9_\-.~+/=]{20,512}$/;

const keyError = (message: string) => new CoreError('invalid_input', message, { field_errors: [{ path: 'key', message }] });

/**
 * Trims and checks a key before it is stored. Messages never quote the key.
 * When the key carries a recognisable environment marker it must match the chosen environment
 * (the server would reject it with 401 invalid_api_key anyway; saying so now is kinder).
 */
export function normaliseKey(raw: string, environment: Environment): string {
  const key = raw.trim();
  if (key.length === 0) throw keyError('No API key was found. Copy the key and try again.');
  if (!PLAUSIBLE_KEY.test(key)) {
    throw keyError('This does not look like an API key: it must be 20 to 512 letters, digits or symbols, with no spaces.');
  }
  const marker = API_KEY_PATTERN.exec(key)?.[1];
  if (marker !== undefined && marker !== environment) {
    throw keyError(`This is a ${marker} key, but the profile is for the ${environment} environment.`);
  }
  return key;
}

export const lastFour = (key: string) => key.slice(-4);
