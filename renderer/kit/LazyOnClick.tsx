import { Suspense, useState } from 'react';

/**
 * A button whose real content (a popover and its code) loads on the first click: until then, and
 * while it loads, the plain button stands in, so a screen appears without that code.
 */
export function LazyOnClick({ button, children }: { button: (onClick?: () => void) => React.ReactElement; children: React.ReactNode }) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return button(() => setWanted(true));
  return <Suspense fallback={button()}>{children}</Suspense>;
}
