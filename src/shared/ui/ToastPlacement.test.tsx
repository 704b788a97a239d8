import { act, render } from '@testing-library/react';
import { ToastPlacement } from './ToastPlacement';

/**
 * ResizeObserver as browsers have it (jsdom has none): an element is reported once as soon as it is
 * watched, then on each change of its size (`resize`).
 */
class BrowserResizeObserver {
  static all: BrowserResizeObserver[] = [];
  private readonly watched = new Set<Element>();

  constructor(private readonly report: ResizeObserverCallback) {
    BrowserResizeObserver.all.push(this);
  }

  observe(element: Element) {
    this.watched.add(element);
    queueMicrotask(() => this.resize(element));
  }

  unobserve(element: Element) {
    this.watched.delete(element);
  }

  disconnect() {
    this.watched.clear();
  }

  resize(element: Element) {
    if (!this.watched.has(element)) return;
    this.report([{ target: element } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
}

/** The animation frames asked for and not run yet; `nextFrame` runs them as the browser would. */
const frames: FrameRequestCallback[] = [];
const nextFrame = async () => {
  await act(async () => {
    const due = frames.splice(0);
    due.forEach((callback) => callback(performance.now()));
    // The observer's first reports arrive as microtasks.
    await Promise.resolve();
  });
};

beforeEach(() => {
  frames.length = 0;
  BrowserResizeObserver.all = [];
  window.ResizeObserver = BrowserResizeObserver as unknown as typeof ResizeObserver;
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  jest.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
  delete (window as { ResizeObserver?: unknown }).ResizeObserver;
});

describe('ToastPlacement', () => {
  it('goes quiet once placed: no frame after frame while nothing moves, and one when the top bar resizes', async () => {
    const { unmount } = render(
      <>
        <header>PassVault</header>
        <ToastPlacement />
      </>,
    );
    // The first placement, then the top bar's first report: a few frames at most, then none.
    for (let frame = 0; frame < 5; frame += 1) await nextFrame();
    expect(frames).toHaveLength(0);

    // The top bar changes size (a narrow window wraps it): the toasts are placed again, once.
    await act(async () => {
      BrowserResizeObserver.all[0].resize(document.querySelector('header')!);
      await Promise.resolve();
    });
    expect(frames).toHaveLength(1);
    await nextFrame();
    expect(frames).toHaveLength(0);
    unmount();
  });
});
