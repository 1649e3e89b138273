import { SALES } from '../resources/sales';
import { groupScreen } from './AreaScreen';

/** Lazy chunk of the "sales" group. */
export default groupScreen(SALES);
