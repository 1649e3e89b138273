import './links.css';
import { forwardRef, useCallback, useMemo } from 'react';
import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { createLink, useNavigate, useRouter } from '@tanstack/react-router';
import type { ScreenTarget } from './paths';

type AnchorBaseProps = AnchorProps & Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>;
const AnchorBase = forwardRef<HTMLAnchorElement, AnchorBaseProps>((props, ref) => <Anchor ref={ref} {...props} />);
AnchorBase.displayName = 'AnchorBase';
const RouterAnchor = createLink(AnchorBase);

type NavLinkBaseProps = React.AnchorHTMLAttributes<HTMLAnchorElement> & { label: React.ReactNode; active: boolean; rightSection?: React.ReactNode; muted?: boolean };
/** A navigation entry: a plain styled link (app.css .nav-link), lighter than Mantine's NavLink on the first screen. */
const NavLinkBase = forwardRef<HTMLAnchorElement, NavLinkBaseProps>(({ label, active, rightSection, muted, className, ...rest }, ref) => (
  <a ref={ref} className={`nav-link${className ? ` ${className}` : ''}`} data-active={active || undefined} data-muted={muted || undefined} {...rest}>
    <span className="nav-link-label">{label}</span>
    {rightSection && <span className="nav-link-section">{rightSection}</span>}
  </a>
));
NavLinkBase.displayName = 'NavLinkBase';
const RouterNavLink = createLink(NavLinkBase);

type ButtonBaseProps = ButtonProps & Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>;
const ButtonBase = forwardRef<HTMLAnchorElement, ButtonBaseProps>((props, ref) => <Button ref={ref} component="a" {...props} />);
ButtonBase.displayName = 'ButtonBase';
const RouterButton = createLink(ButtonBase);

/** Router props of a target; the union of screen targets is checked where it is built (paths.ts). */
const linkProps = (t: ScreenTarget) => ({ to: t.to, ...('params' in t ? { params: t.params } : {}), ...('search' in t && t.search ? { search: t.search } : {}) }) as { to: '/' };

/** An in-app link: the router sees it (unsaved-changes guard), the browser gets a real href. */
export function ScreenLink({ screen, ...rest }: { screen: ScreenTarget } & Omit<AnchorBaseProps, 'href'>) {
  return <RouterAnchor {...rest} {...linkProps(screen)} />;
}

/**
 * An in-app link for dense places (a dashboard's figures, a chart's table of months): it keeps no
 * active state, so it neither subscribes to the router's state nor renders again on every
 * navigation (a router Link does both: eighty of them were a fifth of the home screen's render).
 * It still goes through the router (the unsaved-changes guard) and preloads on intent like the others.
 */
export function PlainScreenLink({ screen, className, onClick, ...rest }: { screen: ScreenTarget } & Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const router = useRouter();
  const key = JSON.stringify(screen);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is `screen`'s value
  const target = useMemo(() => linkProps(screen), [key]);
  const href = useMemo(() => router.history.createHref(router.buildLocation(target).href), [router, target]);
  const preload = () => { void router.preloadRoute(target).catch(() => undefined); };
  return (
    <a
      {...rest} href={href} className={`plain-link mantine-focus-auto${className ? ` ${className}` : ''}`} onMouseEnter={preload} onFocus={preload}
      onClick={(e) => {
        onClick?.(e);
        // A modified click opens nothing else here (one window); it is left to the browser like any link's.
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        void router.navigate(target);
      }}
    />
  );
}

/** A navigation entry that is an in-app link. */
export function ScreenNavLink({ screen, ...rest }: { screen: ScreenTarget } & Omit<NavLinkBaseProps, 'href'>) {
  return <RouterNavLink {...rest} {...linkProps(screen)} />;
}

/** A button that goes to a screen (New, Edit, an action form). */
export function ScreenButton({ screen, ...rest }: { screen: ScreenTarget } & Omit<ButtonBaseProps, 'href'>) {
  return <RouterButton {...rest} {...linkProps(screen)} />;
}

/** Navigates to a screen through the router (blocked while a form has unsaved changes, until the user confirms). */
export function useGo(): (target: ScreenTarget, opts?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  return useCallback((target, opts) => void navigate({ ...linkProps(target), ...(opts?.replace ? { replace: true } : {}) }), [navigate]);
}
