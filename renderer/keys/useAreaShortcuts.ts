import { usePermissionFacts } from '../session/usePermissions';
import type { ResourceDecl } from '../resources/types';
import { useGo } from '../nav/links';
import { toCreate, toEdit } from '../nav/paths';
import { missingFor } from '../rules/permissions';
import { useShortcutTarget } from './targets';

/**
 * `n` and `e` for an area's screen: create in the area, edit the record `editId()` names (the page's
 * record, the drawer's, the focused row's). Neither is offered when the area has no such form or the
 * key is known to lack its permission (the buttons say why).
 */
export function useAreaShortcuts(decl: ResourceDecl, editId: (() => string | null) | null): void {
  const go = useGo();
  const facts = usePermissionFacts();
  const create = decl.writes?.create;
  const edit = decl.writes?.edit;
  useShortcutTarget({
    ...(create && missingFor(create.route, undefined, facts).length === 0 ? { create: () => go(toCreate(decl.area)) } : {}),
    ...(edit && editId && missingFor(edit.route, undefined, facts).length === 0
      ? { edit: () => { const id = editId(); if (id) go(toEdit(decl.area, id)); } }
      : {}),
  });
}
