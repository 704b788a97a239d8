import { useCallback, useEffect, useState } from 'react';

/** Seconds left before an action may run again; counts down once a second. */
export function useCountdown(initialSeconds: number) {
  const [remaining, setRemaining] = useState(initialSeconds);

  useEffect(() => {
    if (remaining <= 0) return undefined;
    const timer = window.setTimeout(() => setRemaining((left) => Math.max(0, left - 1)), 1000);
    return () => window.clearTimeout(timer);
  }, [remaining]);

  const restart = useCallback((seconds: number = initialSeconds) => setRemaining(seconds), [initialSeconds]);
  return { remaining, restart };
}
