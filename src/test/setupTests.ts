import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { installFetchPolyfill } from './fetchPolyfill';
import { installMatchMedia, resetMedia } from './media';

// jsdom lacks these; React Router and RTK Query need them.
Object.assign(globalThis, { TextEncoder, TextDecoder });
installFetchPolyfill();
installMatchMedia();
window.scrollTo = () => undefined;

beforeEach(() => {
  resetMedia();
  window.localStorage.clear();
  document.documentElement.className = '';
  delete document.documentElement.dataset.theme;
});
