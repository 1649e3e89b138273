import { CATALOG } from '../resources/catalog';
import { groupScreen } from './AreaScreen';

/** Lazy chunk of the "catalog" group. */
export default groupScreen(CATALOG);
