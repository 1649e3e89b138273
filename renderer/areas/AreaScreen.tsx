import type { ResourceDecl } from '../resources/types';
import type { LoadedFormProps } from '../screens/form/FormScreen';
import { SCREENS } from './lazy';

const { list: ListScreen, record: DetailScreen, form: FormScreen } = SCREENS;

/**
 * What an area shows beyond the generic screens, composed of the kit's parts: a panel on its list
 * (the lead intakes sent from this profile) and special form screens by mode (a lead's conversion
 * and its result). Special screens should be lazy, so a list does not load form code.
 */
export interface AreaSpecials {
  listPanel?: React.ComponentType<{ decl: ResourceDecl }>;
  forms?: Readonly<Record<string, React.ComponentType<LoadedFormProps>>>;
}

/** An area shows its list, one record, or a form (new, edit, an action) by the route's mode. */
export function AreaScreen({ decl, id, mode, sub, specials }: { decl: ResourceDecl; id: string | null; mode: string | null; sub: string | null; specials?: AreaSpecials }) {
  if (mode) {
    const Special = specials?.forms?.[mode];
    return <FormScreen key={`${decl.area}/${id ?? ''}/${mode}/${sub ?? ''}`} decl={decl} id={id} mode={mode} sub={sub} {...(Special ? { loaded: Special } : {})} />;
  }
  const Panel = specials?.listPanel;
  if (decl.list && !id) return <ListScreen key={decl.area} decl={decl} {...(Panel ? { panel: <Panel decl={decl} /> } : {})} />;
  return <DetailScreen key={`${decl.area}/${id ?? ''}`} decl={decl} id={id} />;
}

export interface GroupScreenProps { area: string; id: string | null; mode: string | null; sub: string | null }

/** Renders the area of one group's declarations; unknown areas render nothing. */
export function groupScreen(decls: ResourceDecl[], specials: Readonly<Record<string, AreaSpecials>> = {}) {
  return function GroupScreen({ area, id, mode, sub }: GroupScreenProps) {
    const decl = decls.find((d) => d.area === area);
    return decl ? <AreaScreen decl={decl} id={id} mode={mode} sub={sub} specials={specials[area]} /> : null;
  };
}
