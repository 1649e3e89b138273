import { CATALOG } from '../resources/catalog';
import { defineGroup } from './group';

/** Lazy chunk of the "catalog" group. */
export default defineGroup(CATALOG);
