import { ApiClient } from '../client';
import type { ClientFactory } from './api-session';

/** The real typed client (electron/client) behind the core's RouteCaller port. */
export const defaultClientFactory: ClientFactory = (o) => new ApiClient(o);
