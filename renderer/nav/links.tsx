import './links.css';
import { forwardRef, useCallback, useMemo } from 'react';
import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { useNavigate, useRouter } from '@tanstack/react-router';
import type { ScreenTarget } from './paths';

type AnchorBaseProps = AnchorProps & Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>;
type ButtonBaseProps = ButtonProps & Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>;
type NavLinkBaseProps = React.AnchorHTMLAttributes<HTMLAnchorElement> & { label: React.ReactNode; active: boolean; rightSection?: React.ReactNode; muted?: boolean };

/** Router props of a target; the union of screen targets is checked where it is built (paths.ts). */
const linkProps = (t: ScreenTarget) => ({ to: t.to, ...('params' in t ? { params: t.params } : {}), ...('search' in t && t.search ? { search: t.search } : {}) }) as { to: '/' };

type Handlers = Pick<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'onClick' | 'onMouseEnter' | 'onFocus'>;

/**
 * What makes an element an in-app link: a real href, the screen's code and data preloaded on intent
 * (pointer or focus), and a plain click that goes through the router (the unsaved-changes guard).
 * It keeps no active state (the navigation says which entry is current itself): a router Link
 * subscribes to the router's state and renders again at every step of every navigation, and builds
 * its location on every render (eighty of them were a fifth of the home screen's render).
 * `own`: the element's props, whose handlers run before the link's (its returned props go after them).
 */
function useScreenLink(screen: ScreenTarget, own: Handlers): Handlers & { href: string } {
  const router = useRouter();
  const key = JSON.stringify(screen);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is `screen`'s value
  const target = useMemo(() => linkProps(screen), [key]);
  const href = useMemo(() => router.history.createHref(router.buildLocation(target).href), [router, target]);
  const preload = () => { void router.preloadRoute(target).catch(() => undefined); };
  return {
    href,
    onMouseEnter: (e) => { own.onMouseEnter?.(e); preload(); },
    onFocus: (e) => { own.onFocus?.(e); preload(); },
    onClick: (e) => {
      own.onClick?.(e);
      // A modified click opens nothing else here (one window); it is left to the browser like any link's.
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      void router.navigate(target);
    },
  };
}

/** An in-app link, drawn as Mantine's Anchor. */
export function ScreenLink({ screen, ...rest }: { screen: ScreenTarget } & Omit<AnchorBaseProps, 'href'>) {
  return <Anchor {...rest} {...useScreenLink(screen, rest)} />;
}

/** An in-app link for dense places (a dashboard's figures, a chart's table of months): a plain element styled as an Anchor. */
export function PlainScreenLink({ screen, className, ...rest }: { screen: ScreenTarget } & Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  return <a {...rest} className={`plain-link mantine-focus-auto${className ? ` ${className}` : ''}`} {...useScreenLink(screen, rest)} />;
}

/** A navigation entry: a plain styled link (app.css .nav-link), lighter than Mantine's NavLink on the first screen. */
const NavLinkBase = forwardRef<HTMLAnchorElement, NavLinkBaseProps>(({ label, active, rightSection, muted, className, ...rest }, ref) => (
  <a ref={ref} className={`nav-link${className ? ` ${className}` : ''}`} data-active={active || undefined} data-muted={muted || undefined} {...rest}>
    <span className="nav-link-label">{label}</span>
    {rightSection && <span className="nav-link-section">{rightSection}</span>}
  </a>
));
NavLinkBase.displayName = 'NavLinkBase';

/** A navigation entry that is an in-app link. */
export function ScreenNavLink({ screen, ...rest }: { screen: ScreenTarget } & Omit<NavLinkBaseProps, 'href'>) {
  return <NavLinkBase {...rest} {...useScreenLink(screen, rest)} />;
}

/** A button that goes to a screen (New, Edit, an action form). */
export function ScreenButton({ screen, ...rest }: { screen: ScreenTarget } & Omit<ButtonBaseProps, 'href'>) {
  return <Button component="a" {...rest} {...useScreenLink(screen, rest)} />;
}

/** Navigates to a screen through the router (blocked while a form has unsaved changes, until the user confirms). */
export function useGo(): (target: ScreenTarget, opts?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  return useCallback((target, opts) => void navigate({ ...linkProps(target), ...(opts?.replace ? { replace: true } : {}) }), [navigate]);
}
