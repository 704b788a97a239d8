import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { REDIRECT_DELAY_MS } from '../../common/constants';

/** Navigates after SPEC section 9's 2-second delay; `pending` is true meanwhile. Cancelled on unmount. */
export function useDelayedNavigate() {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  const [pending, setPending] = useState(false);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const navigateLater = useCallback(
    (to: string, delay: number = REDIRECT_DELAY_MS) => {
      window.clearTimeout(timer.current);
      setPending(true);
      timer.current = window.setTimeout(() => void navigate(to), delay);
    },
    [navigate],
  );
  return { navigateLater, pending };
}
