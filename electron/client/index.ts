export { ApiClient } from './client';
export { ApiError, isApiError, type ApiErrorInit } from './errors';
export { DEFAULT_RETRY, DEFAULT_ATTEMPT_TIMEOUT_MS, DEFAULT_OVERALL_TIMEOUT_MS, type RetryPolicy } from './retry';
export { IDEMPOTENCY_KEY_PATTERN } from './request';
export type { PageInfo } from '../../shared';
export type {
  ApiClientOptions, CallOptions, CallResult, ClientEvent, ClientInput, HeadResult, ListItem, ListRouteId, ReadRouteId,
  RouteMethods, SleepFn, UnknownInput, WriteProbe,
} from './types';
export { RateGate, PRIORITIES, USER_SHARE_ENDS_MS, type Priority, type GateState } from './gate';
