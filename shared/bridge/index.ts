/** The bridge contract between the renderer and main, one file per job. */
export * from './errors';
export * from './profiles';
export * from './api-call';
export * from './operations';
export * from './events';
export { BASE_URL_MESSAGES, BASE_URL_PROBLEMS, BASE_URL_REFUSED, baseUrlProblem, isLoopbackHost, type BaseUrlProblem } from '../base-url';
