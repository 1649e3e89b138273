import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { routeTree } from '../../../renderer/app/routes';
import { toAction, toCreate, toDrawer, toEdit, toHome, toList, toOutboxEntry, toRecord, withOutbox, type ScreenTarget } from '../../../renderer/nav/paths';
import { APP_AREAS } from '../../../renderer/resources/groups';

/** The app's own route table, in a router on a memory history (what the app builds, minus the window). */
const router = createRouter({ routeTree, history: createMemoryHistory(), context: { queryClient: new QueryClient() } });
const hrefOf = (t: ScreenTarget) => router.buildLocation(t as { to: '/' }).href;
const matchOf = (t: ScreenTarget) => {
  const m = router.matchRoutes(router.buildLocation(t as { to: '/' }));
  const last = m[m.length - 1]!;
  return { route: last.routeId, params: last.params, staticData: last.staticData };
};

describe('the route table', () => {
  it('names every screen by a typed target with the address the router writes', () => {
    expect(hrefOf(toHome())).toBe('/');
    expect(hrefOf(toList('raw-materials'))).toBe('/raw-materials');
    expect(hrefOf(toDrawer('customers', 'c1'))).toBe('/customers?open=c1');
    expect(hrefOf(toCreate('customers'))).toBe('/customers/new');
    expect(hrefOf(toRecord('customers', 'a b'))).toBe('/customers/a%20b');
    expect(hrefOf(toEdit('tags', 'x'))).toBe('/tags/x/edit');
    expect(hrefOf(toAction('documents', 'x', 'close'))).toBe('/documents/x/close');
    expect(hrefOf(toAction('leads', 'l1', 'editActivity', 'a1'))).toBe('/leads/l1/editActivity/a1');
  });

  it('sends each target to one route, with its params typed and passed as they were given', () => {
    expect(matchOf(toList('customers'))).toMatchObject({ route: '/$area', params: { area: 'customers' }, staticData: { drawer: true } });
    expect(matchOf(toCreate('customers'))).toMatchObject({ route: '/$area/new', params: { area: 'customers' }, staticData: { mode: 'new' } });
    expect(matchOf(toRecord('customers', 'a b'))).toMatchObject({ route: '/$area/$id', params: { area: 'customers', id: 'a b' } });
    expect(matchOf(toEdit('tags', 'x'))).toMatchObject({ route: '/$area/$id/edit', params: { id: 'x' }, staticData: { mode: 'edit' } });
    expect(matchOf(toAction('documents', 'x', 'close'))).toMatchObject({ route: '/$area/$id/$action', params: { action: 'close' } });
    expect(matchOf(toAction('leads', 'l1', 'editActivity', 'a1'))).toMatchObject({ route: '/$area/$id/$action/$sub', params: { sub: 'a1' } });
  });

  it("gives each of the app's own screens its fixed address, which wins over an area of that name", () => {
    for (const area of APP_AREAS) {
      expect(hrefOf(toList(area))).toBe(`/${area}`);
      expect(matchOf(toList(area))).toMatchObject({ route: `/${area}`, staticData: { area } });
    }
    // A record under an app screen's name is an area route (whose screen then finds no such area).
    expect(matchOf(toRecord('profiles', 'p1')).route).toBe('/$area/$id');
  });

  it('opens an entry of the outbox at its own address, and a form on an entry with the entry named in its address', () => {
    const entry = '00000000-0000-4000-8000-000000000001';
    expect(hrefOf(toOutboxEntry(entry))).toBe(`/outbox/${entry}`);
    expect(matchOf(toOutboxEntry(entry))).toMatchObject({ route: '/outbox/$entry', params: { entry }, staticData: { area: 'outbox' } });
    expect(hrefOf(withOutbox(toCreate('customers'), entry))).toBe(`/customers/new?outbox=${entry}`);
    expect(hrefOf(withOutbox(toEdit('leads', 'l1'), entry))).toBe(`/leads/l1/edit?outbox=${entry}`);
    expect(hrefOf(withOutbox(toAction('leads', 'l1', 'editActivity', 'a1'), entry))).toBe(`/leads/l1/editActivity/a1?outbox=${entry}`);
    // A screen that is no form is left as it is.
    expect(withOutbox(toRecord('leads', 'l1'), entry)).toEqual(toRecord('leads', 'l1'));
  });
});
