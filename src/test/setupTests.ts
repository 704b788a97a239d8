import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { installFetchPolyfill } from './fetchPolyfill';
import { installMatchMedia, resetMedia } from './media';

// jsdom lacks these; React Router and RTK Query need them.
Object.assign(globalThis, { TextEncoder, TextDecoder });
installFetchPolyfill();
installMatchMedia();
window.scrollTo = () => undefined;
window.scrollBy = () => undefined;

// Screens load lazily, and on a busy two-core CI machine the first load of a chunk (compiled by ts-jest
// on the spot) took more than the 1 s that findBy* and waitFor wait by default. A wait that is met
// returns as soon as it is; only a test that fails takes longer to say so.
configure({ asyncUtilTimeout: 5000 });
// Real providers, dialogs and typing make these slower than unit tests; on a machine at half speed one
// took over 30 s late in Jest's one process. The limit is there to stop a hung test, not to time one.
jest.setTimeout(90_000);

beforeEach(() => {
  resetMedia();
  window.localStorage.clear();
  document.documentElement.className = '';
  delete document.documentElement.dataset.theme;
});
