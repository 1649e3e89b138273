import { SETTINGS } from '../resources/settings';
import { groupScreen } from './AreaScreen';

/** Lazy chunk of the "settings" group. */
export default groupScreen(SETTINGS);
