import { useLayoutEffect, useState } from 'react';

/**
 * The element that really scrolls the list: the nearest ancestor with overflow auto/scroll whose
 * content is taller than its box, else the window. An ancestor that merely allows scrolling but grows
 * with its content does not count (a virtualiser bound to it would render every row).
 */
export function findScrollParent(node: HTMLElement): HTMLElement | Window {
  for (let element = node.parentElement; element; element = element.parentElement) {
    if (element === document.body || element === document.documentElement) break;
    const { overflowY } = getComputedStyle(element);
    if (/auto|scroll|overlay/.test(overflowY) && element.scrollHeight > element.clientHeight + 1) {
      return element;
    }
  }
  return window;
}

/** Re-checked after the list changes size, so a layout whose main area scrolls is picked up. */
export function useScrollParent(
  container: HTMLElement | null,
  contentSize: number,
): HTMLElement | Window | null {
  const [parent, setParent] = useState<HTMLElement | Window | null>(null);
  useLayoutEffect(() => {
    if (!container) return;
    const found = findScrollParent(container);
    // Measuring layout: which element scrolls is known only once the DOM is there.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setParent((current) => (current === found ? current : found));
  }, [container, contentSize]);
  return parent;
}

/** Where the list starts inside its scroller's content (the virtualiser's scrollMargin). */
export function offsetWithin(container: HTMLElement, scroller: HTMLElement | Window): number {
  const top = container.getBoundingClientRect().top;
  if (scroller instanceof Window) return top + window.scrollY;
  return top - scroller.getBoundingClientRect().top + scroller.scrollTop;
}
