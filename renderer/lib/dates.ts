import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/he';

// Date inputs show dates in the user's own format ("L": 31/01/2026 in Hebrew, 01/31/2026 in English).
dayjs.extend(localizedFormat);
// Typed dates are read in that same format.
dayjs.extend(customParseFormat);
