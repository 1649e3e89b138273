import { useSyncExternalStore } from 'react';
import { hrefOf, parseHash, type AppRoute } from './route';

const subscribe = (cb: () => void) => {
  window.addEventListener('hashchange', cb);
  return () => window.removeEventListener('hashchange', cb);
};
const snapshot = () => window.location.hash;

export function useRoute(): AppRoute {
  const hash = useSyncExternalStore(subscribe, snapshot);
  return parseHash(hash);
}

export function navigate(area: string, id?: string | null): void {
  window.location.hash = hrefOf(area, id);
}
