import createCache from '@emotion/cache';
import { readCspNonce } from './cspNonce';

/** Emotion's style cache, tagging every <style> it writes with the CSP nonce (see cspNonce.ts). */
export const emotionCache = createCache({ key: 'css', nonce: readCspNonce(), prepend: true });
