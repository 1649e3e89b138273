import type { ResourceDecl } from '../resources/types';
import { SCREENS } from './lazy';

const { list: ListScreen, record: DetailScreen, form: FormScreen } = SCREENS;

/** An area shows its list, one record, or a form (new, edit, an action) by the route's mode. */
export function AreaScreen({ decl, id, mode }: { decl: ResourceDecl; id: string | null; mode: string | null }) {
  if (mode) return <FormScreen key={`${decl.area}/${id ?? ''}/${mode}`} decl={decl} id={id} mode={mode} />;
  if (decl.list && !id) return <ListScreen key={decl.area} decl={decl} />;
  return <DetailScreen key={`${decl.area}/${id ?? ''}`} decl={decl} id={id} />;
}

export interface GroupScreenProps { area: string; id: string | null; mode: string | null }

/** Renders the area of one group's declarations; unknown areas render nothing. */
export function groupScreen(decls: ResourceDecl[]) {
  return function GroupScreen({ area, id, mode }: GroupScreenProps) {
    const decl = decls.find((d) => d.area === area);
    return decl ? <AreaScreen decl={decl} id={id} mode={mode} /> : null;
  };
}
