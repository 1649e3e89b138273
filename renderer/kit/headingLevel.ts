import { createContext, useContext } from 'react';

/**
 * The heading level of a record's sections: 2 on the record's own page (under its h1), 3 in the
 * drawer over a table (under the drawer's h2), so the outline reads the same either way.
 */
const Level = createContext<2 | 3>(2);
export const HeadingLevel = Level.Provider;
export const useHeadingLevel = () => useContext(Level);
