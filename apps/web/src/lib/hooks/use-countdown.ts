import { useCallback, useEffect, useState } from "react";

/**
 * Seconds left until a deadline that starts `durationSeconds` from mount (or from `restart`).
 * Computed from the clock rather than by counting ticks, so a throttled background tab still
 * shows the right time when it wakes up.
 */
export function useCountdown(durationSeconds: number) {
  const [endsAt, setEndsAt] = useState(() => Date.now() + durationSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const remaining = Math.max(0, Math.ceil((endsAt - now) / 1000));
  const running = remaining > 0;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [running]);

  const restart = useCallback(() => {
    const start = Date.now();
    setNow(start);
    setEndsAt(start + durationSeconds * 1000);
  }, [durationSeconds]);

  return { remaining, restart };
}
