import { useEffect, useState } from 'react';
import { getDefaultZIndex } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';

/** Below every dropdown, menu and popover (Mantine's popover layer), so an open one is never covered; above the frame. */
const NOTICE_LAYER = getDefaultZIndex('popover') - 1;
/** The navigation's lane inside its margins (app.css --frame-nav): a notice never lies over the screen and its forms. */
const NAV_LANE = 'calc(var(--frame-nav) - 2 * var(--mantine-spacing-md))';
/** Where the navigation folds away behind the burger (app.css). */
const NARROW = '(max-width: 48em)';
/** Below the fixed header when notices show at the top. */
const BELOW_HEADER = { top: 'calc(var(--frame-header) + var(--mantine-spacing-xs))' };

const isField = (el: EventTarget | null): el is HTMLElement => el instanceof HTMLElement && el.matches('input, textarea, select, [contenteditable="true"]');
const inLowerHalf = (el: HTMLElement) => {
  const r = el.getBoundingClientRect();
  return r.top + r.height / 2 > window.innerHeight / 2;
};

/**
 * Where notices show (lazy: the first screen has none to show). A wide window keeps them in the
 * navigation's lane, on its side, so they never cover the screen; a narrow one has no lane, and
 * they keep to the half of the window the user is not typing in.
 */
export default function Notices({ side }: { side: 'left' | 'right' }) {
  const narrow = useMediaQuery(NARROW) === true;
  const [top, setTop] = useState(false);
  useEffect(() => {
    if (!narrow) {
      setTop(false);
      return undefined;
    }
    const onFocus = (e: FocusEvent) => { if (isField(e.target)) setTop(inLowerHalf(e.target)); };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, [narrow]);
  return (
    <Notifications
      position={`${top ? 'top' : 'bottom'}-${side}`} limit={4} zIndex={NOTICE_LAYER} containerWidth={narrow ? 440 : NAV_LANE}
      styles={top ? { root: BELOW_HEADER } : undefined}
    />
  );
}
