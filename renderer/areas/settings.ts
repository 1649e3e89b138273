import { SETTINGS } from '../resources/settings';
import { defineGroup } from './group';

/** Lazy chunk of the "settings" group. */
export default defineGroup(SETTINGS);
