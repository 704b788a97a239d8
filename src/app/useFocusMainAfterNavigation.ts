import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * A navigation that took the focused element away (a submitted form, logout, a link in a menu that
 * closes) would leave the focus nowhere, and the next Tab would start wherever the browser left off.
 * Puts it on the new page's main area instead. A page that focuses a field itself (autoFocus) keeps
 * that; a fresh load or Back (POP) is left alone, so the first Tab still reaches the skip link.
 */
export function useFocusMainAfterNavigation<T extends HTMLElement>() {
  const main = useRef<T>(null);
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === 'POP') return;
    const active = document.activeElement;
    if (!active || active === document.body) main.current?.focus({ preventScroll: true });
  }, [pathname, navigationType]);
  return main;
}
