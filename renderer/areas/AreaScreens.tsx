import { use } from 'react';
import type { ResourceDecl } from '../resources/types';
import { groupOf } from '../resources/groups';
import { useActiveProfile } from '../session/activeProfile';
import { NotFoundScreen } from '../kit/NotFoundScreen';
import { GROUP_CODE, SCREENS } from './code';
import type { AreaSpecials } from './group';
import type { SourceRecord } from '../nav/paths';

const { list: ListScreen, record: DetailScreen, form: FormScreen } = SCREENS;

/** An area's declaration and specials from its group's chunk (waiting for the chunk only when the route's loader did not). */
function useArea(area: string): { decl: ResourceDecl; specials: AreaSpecials } | null {
  const key = groupOf(area);
  if (!key) return null;
  const code = GROUP_CODE[key];
  const group = code.value() ?? use(code.load());
  const decl = group.decls.find((d) => d.area === area);
  return decl ? { decl, specials: group.specials[area] ?? {} } : null;
}

/** Another profile is another business: its screens start afresh, with that profile's table views. */
const useScreenKey = (...parts: (string | null)[]) => `${useActiveProfile().active.id}/${parts.join('/')}`;

/** `#/<area>`: the area's table, or its one record where the API has no list (the business). */
export function AreaList({ area }: { area: string }) {
  const found = useArea(area);
  const key = useScreenKey(area);
  if (!found) return <NotFoundScreen />;
  const { decl, specials: { listPanel: Panel } } = found;
  if (!decl.list) return <DetailScreen key={key} decl={decl} id={null} />;
  return <ListScreen key={key} decl={decl} {...(Panel ? { panel: <Panel decl={decl} /> } : {})} />;
}

/** `#/<area>/<id>`: one record, under the area's banner when it has one. */
export function AreaRecord({ area, id }: { area: string; id: string }) {
  const found = useArea(area);
  const key = useScreenKey(area, id);
  if (!found) return <NotFoundScreen />;
  const { decl, specials: { recordBanner: Banner } } = found;
  if (!Banner) return <DetailScreen key={key} decl={decl} id={id} />;
  return (
    <>
      <Banner key={key} id={id} />
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}><DetailScreen key={key} decl={decl} id={id} /></div>
    </>
  );
}

/** `#/<area>/new`, `#/<area>/<id>/edit`, `#/<area>/<id>/<action>[/<row>]`: the form the route names. */
export function AreaForm({ area, id, form, sub, from = null, outbox = null }: { area: string; id: string | null; form: string; sub: string | null; from?: SourceRecord | null; outbox?: string | null }) {
  const found = useArea(area);
  const key = useScreenKey(area, id, form, sub, from ? `${from.area}:${from.id}` : null, outbox);
  if (!found) return <NotFoundScreen />;
  const Special = found.specials.forms?.[form];
  return <FormScreen key={key} decl={found.decl} id={id} mode={form} sub={sub} from={from} outbox={outbox} {...(Special ? { loaded: Special } : {})} />;
}
