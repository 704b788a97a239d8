// A small matchMedia for jsdom: width queries follow window.innerWidth, preference queries follow
// `setMediaPreferences`. Lists are kept per query so `setViewportWidth` can fire their change events.

type Listener = (event: MediaQueryListEvent) => void;

interface Preferences {
  colorScheme: 'light' | 'dark';
  reducedMotion: boolean;
}

const DEFAULT_PREFERENCES: Preferences = { colorScheme: 'light', reducedMotion: false };
let preferences: Preferences = { ...DEFAULT_PREFERENCES };
const registry = new Map<string, { listeners: Set<Listener>; last: boolean }>();

function matchesFeature(feature: string): boolean {
  const [name, rawValue = ''] = feature.replace(/[()]/g, '').split(':');
  const value = rawValue.trim();
  switch (name.trim()) {
    case 'min-width':
      return window.innerWidth >= parseFloat(value);
    case 'max-width':
      return window.innerWidth <= parseFloat(value);
    case 'prefers-color-scheme':
      return preferences.colorScheme === value;
    case 'prefers-reduced-motion':
      return value === 'reduce' ? preferences.reducedMotion : !preferences.reducedMotion;
    default:
      return false;
  }
}

export function evaluateMediaQuery(query: string): boolean {
  const text = query.replace(/^@media\s*/, '').trim();
  const negate = text.startsWith('not ');
  const features = text.replace(/^not\s+/, '').replace(/^(only\s+)?(screen|all)\s+and\s+/, '');
  const result = features.split(/\s+and\s+/).every(matchesFeature);
  return negate ? !result : result;
}

function notifyChanges(): void {
  for (const [media, entry] of registry) {
    const matches = evaluateMediaQuery(media);
    if (matches === entry.last) continue;
    entry.last = matches;
    const event = { matches, media } as MediaQueryListEvent;
    entry.listeners.forEach((listener) => listener(event));
  }
}

export function installMatchMedia(): void {
  window.matchMedia = (media: string): MediaQueryList => {
    const entry = registry.get(media) ?? { listeners: new Set<Listener>(), last: evaluateMediaQuery(media) };
    registry.set(media, entry);
    return {
      media,
      get matches() {
        return evaluateMediaQuery(media);
      },
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => entry.listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => entry.listeners.delete(listener),
      addListener: (listener: Listener) => entry.listeners.add(listener),
      removeListener: (listener: Listener) => entry.listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  };
}

/** Resize the jsdom window and tell every media query list that changed. */
export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  notifyChanges();
  window.dispatchEvent(new Event('resize'));
}

export function setMediaPreferences(next: Partial<Preferences>): void {
  preferences = { ...preferences, ...next };
  notifyChanges();
}

export function resetMedia(): void {
  preferences = { ...DEFAULT_PREFERENCES };
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
  for (const [media, entry] of registry) entry.last = evaluateMediaQuery(media);
}
