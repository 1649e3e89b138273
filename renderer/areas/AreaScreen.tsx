import type { ResourceDecl } from '../resources/types';
import { ListScreen } from '../screens/list/ListScreen';
import { DetailScreen } from '../screens/detail/DetailScreen';

/** An area shows its list, or one record when an id is in the route (or it has no list). */
export function AreaScreen({ decl, id }: { decl: ResourceDecl; id: string | null }) {
  if (decl.list && !id) return <ListScreen key={decl.area} area={decl.area} list={decl.list} />;
  return <DetailScreen key={`${decl.area}/${id ?? ''}`} decl={decl} id={id} />;
}

export interface GroupScreenProps { area: string; id: string | null }

/** Renders the area of one group's declarations; unknown areas render nothing. */
export function groupScreen(decls: ResourceDecl[]) {
  return function GroupScreen({ area, id }: GroupScreenProps) {
    const decl = decls.find((d) => d.area === area);
    return decl ? <AreaScreen decl={decl} id={id} /> : null;
  };
}
