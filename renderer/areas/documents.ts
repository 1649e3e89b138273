import { DOCUMENTS } from '../resources/documents';
import { defineGroup } from './group';

/** Lazy chunk of the "documents" group. */
export default defineGroup(DOCUMENTS);
