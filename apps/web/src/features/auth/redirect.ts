import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/**
 * Where to go after signing in: the `redirect` query (spec part 1 §2) when it is a path of this site,
 * else `/`. Anything else ("//evil.example", "https://…") would turn the login page into an open redirect.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

/** The `redirect` query of the current page, already checked by `safeRedirect`. */
export function useRedirectTarget(): string {
  const [params] = useSearchParams();
  return safeRedirect(params.get('redirect'));
}

/** `?redirect=…` to hand the current target on to another sign-in page; empty when it is `/`. */
export function redirectQuery(target: string): string {
  return target === '/' ? '' : `?redirect=${encodeURIComponent(target)}`;
}

/**
 * Navigates after a pause (the spec's "Redirecting…" moments), so the success message can be read
 * first. Leaving the page earlier cancels the pending navigation.
 */
export function useDelayedNavigate(): (to: string, delayMs: number) => void {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(
    (to: string, delayMs: number) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void navigate(to, { replace: true }), delayMs);
    },
    [navigate],
  );
}

/**
 * Where a sign-in ends: the page the member was headed for; with no such page, a first sign-in that just
 * created the profile goes to /edit-profile to fill it in. A redirect is never dropped for it: someone
 * sent to sign in on the way to the content queue lands on the content queue.
 */
export function destinationAfterSignIn(target: string, profileCreated: boolean): string {
  return profileCreated && target === '/' ? '/edit-profile' : target;
}
