import { useLayoutEffect } from 'react';

/** The frame's padding below the screen (app.css .frame-main) and a box's border: what stays under a list that fills the window. */
const BELOW = 18;

/**
 * Lets a scrolling box (a long table) end at the window's bottom: its greatest height is what is left
 * of the window under its top, never less than `min` (a short window then scrolls the page); `height`
 * for a box whose parts share that height (the lead board's columns). Kept as
 * the window or what stands above the box changes (a filter's chips, a notice).
 */
export function useFillWindow(ref: React.RefObject<HTMLElement | null>, min = 320, property: 'maxHeight' | 'height' = 'maxHeight'): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const fit = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      const height = `${Math.max(min, Math.floor(window.innerHeight - top - BELOW))}px`;
      if (el.style[property] !== height) el.style[property] = height;
    };
    fit();
    // What the screen holds grows or shrinks with what stands above the box.
    const above = new ResizeObserver(fit);
    for (const part of el.closest('main')?.children ?? []) above.observe(part);
    window.addEventListener('resize', fit);
    return () => { above.disconnect(); window.removeEventListener('resize', fit); };
  }, [ref, min, property]);
}
