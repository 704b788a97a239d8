// Holds the open toasts on screen: notistack pauses a toast's auto-hide while the window is blurred (a
// person looking at another window), so a test can tell a toast the app closed from one whose 4 s ran out,
// whatever the machine's speed.
import { act } from '@testing-library/react';

export function pauseToasts(): void {
  act(() => {
    window.dispatchEvent(new Event('blur'));
  });
}
