import { installCspNonce } from './app/cspNonce';

// The CSP nonce must be in place before any style library loads (notistack writes its styles the
// moment its module is evaluated), so the app itself is loaded only after it is installed.
installCspNonce();
void import('./app/bootstrap');
