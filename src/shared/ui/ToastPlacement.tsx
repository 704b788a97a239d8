import { useEffect, useState } from 'react';
import GlobalStyles from '@mui/material/GlobalStyles';
import {
  placementStyles,
  placeToasts,
  type Box,
  type DialogBox,
  type ScreenLayout,
  type ToastPlacement as Placement,
} from './toastPlacement';

/** The class notistack gives the toast container (SnackbarProvider `classes.containerRoot`). */
export const TOAST_CONTAINER_CLASS = 'pv-toasts';
/** The element of index.html the toasts are rendered in (SnackbarProvider `domRoot`), apart from the app. */
export const TOAST_ROOT_ID = 'toasts';

/** What toasts keep clear of, besides the top bar and dialogs (the page headers that register). */
const keepClear = new Set<HTMLElement>();
const keepClearListeners = new Set<() => void>();
const keepClearChanged = () => keepClearListeners.forEach((listener) => listener());

/**
 * A ref callback: toasts stay below this element while it is on screen (a page's header, whose main
 * action sits where toasts would).
 */
export function keepClearOfToasts(element: HTMLElement | null): (() => void) | undefined {
  if (!element) return undefined;
  keepClear.add(element);
  keepClearChanged();
  return () => {
    keepClear.delete(element);
    keepClearChanged();
  };
}

const boxOf = (element: Element): Box => {
  const { top, right, bottom, left } = element.getBoundingClientRect();
  return { top, right, bottom, left };
};

/** The open dialogs' papers (a closing one still counts until it has gone). */
function openPapers(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>('.MuiDialog-root .MuiDialog-paper')).filter(
    (paper) => paper.getClientRects().length > 0,
  );
}

function measure(): ScreenLayout {
  const topBar = document.querySelector('header');
  const dialogs: DialogBox[] = openPapers().map((paper) => {
    const actions = Array.from(paper.querySelectorAll('.MuiDialogActions-root')).at(-1);
    return { paper: boxOf(paper), actions: actions ? boxOf(actions) : undefined };
  });
  return {
    width: document.documentElement.clientWidth,
    height: document.documentElement.clientHeight,
    topBarBottom: topBar ? boxOf(topBar).bottom : 0,
    dialogs,
    keepClear: Array.from(keepClear, boxOf),
  };
}

const samePlacement = (a: Placement, b: Placement) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Follows the screen: its size and scrolling, the top bar, the page header, and dialogs opening, closing
 * and changing size.
 */
function useToastPlacement(): Placement {
  const [placement, setPlacement] = useState<Placement>(() => placeToasts(measure()));

  useEffect(() => {
    let frame = 0;
    // (jsdom has none: tests see the placement of the moment.)
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => schedule());
    // A ResizeObserver reports an element once as soon as it starts watching it: watching everything
    // afresh on every update would report, schedule and update again at every frame, forever. Only
    // what came or went changes.
    const watched = new Set<Element>();
    const watch = (elements: Element[]) => {
      if (!resized) return;
      const wanted = new Set(elements);
      for (const element of watched) {
        if (wanted.has(element)) continue;
        resized.unobserve(element);
        watched.delete(element);
      }
      for (const element of wanted) {
        if (watched.has(element)) continue;
        resized.observe(element);
        watched.add(element);
      }
    };
    const update = () => {
      frame = 0;
      const next = placeToasts(measure());
      setPlacement((current) => (samePlacement(current, next) ? current : next));
      // Watch what moves the toasts: the dialogs (their content grows and shrinks) and the top bar.
      const topBar = document.querySelector('header');
      watch([...openPapers(), ...(topBar ? [topBar] : []), ...keepClear]);
    };
    function schedule() {
      if (!frame) frame = requestAnimationFrame(update);
    }
    // Dialogs come and go as children of <body> (portals).
    const appeared = new MutationObserver(schedule);
    appeared.observe(document.body, { childList: true });
    // An open dialog hides every other child of <body> from screen readers (aria-hidden), the toasts'
    // own root too: what a toast says over a dialog ('Password generated') would go unheard.
    const hidden = new MutationObserver(() => {
      document.getElementById(TOAST_ROOT_ID)?.removeAttribute('aria-hidden');
    });
    hidden.observe(document.body, { subtree: true, attributeFilter: ['aria-hidden'] });
    keepClearListeners.add(schedule);
    window.addEventListener('resize', schedule);
    // A page header scrolls away under the top bar: the toasts move up with it (any scroller: capture).
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      appeared.disconnect();
      hidden.disconnect();
      resized?.disconnect();
      keepClearListeners.delete(schedule);
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule, { capture: true });
    };
  }, []);

  return placement;
}

/**
 * Places the toasts (notistack's container with TOAST_CONTAINER_CLASS) where they cover nothing the user
 * is about to press (toastPlacement.ts). Mount once, with the top bar (the <header> it measures).
 */
export function ToastPlacement() {
  const placement = useToastPlacement();
  // Doubled: wins over notistack's own single-class rules, whichever comes first in the document.
  return (
    <GlobalStyles
      styles={{ [`.${TOAST_CONTAINER_CLASS}.${TOAST_CONTAINER_CLASS}`]: placementStyles(placement) }}
    />
  );
}
