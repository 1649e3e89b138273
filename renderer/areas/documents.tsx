import { DOCUMENTS } from '../resources/documents';
import { groupScreen } from './AreaScreen';

/** Lazy chunk of the "documents" group. */
export default groupScreen(DOCUMENTS);
