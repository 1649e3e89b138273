import type { ResourceDecl } from '../resources/types';
import type { LoadedFormProps } from '../screens/form/FormScreen';

/**
 * What an area shows beyond the generic screens, composed of the kit's parts: a panel on its list
 * (the lead intakes sent from this profile), a banner over one record (an expense's place in the
 * review queue) and special form screens by form key (a lead's intake and conversion). Special
 * screens should be lazy, so a list does not load form code.
 */
export interface AreaSpecials {
  listPanel?: React.ComponentType<{ decl: ResourceDecl }>;
  recordBanner?: React.ComponentType<{ id: string }>;
  forms?: Readonly<Record<string, React.ComponentType<LoadedFormProps>>>;
}

/** One navigation group's chunk: its declarations and what each area adds to the generic screens. */
export interface AreaGroup {
  decls: readonly ResourceDecl[];
  specials: Readonly<Record<string, AreaSpecials>>;
}

export const defineGroup = (decls: readonly ResourceDecl[], specials: Readonly<Record<string, AreaSpecials>> = {}): AreaGroup => ({ decls, specials });
