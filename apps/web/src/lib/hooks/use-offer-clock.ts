import { useCallback, useEffect, useState } from "react";

/**
 * Seconds left of an offer's validity, counted from when its answer arrived (validSeconds), not
 * from the server's expirationDateTime: the phone's clock may be off by more than the 20 seconds
 * an offer lives. Read from the clock at each tick, so a throttled tab still shows the truth.
 */
export function useOfferClock() {
  const [clock, setClock] = useState<{ endsAt: number; now: number } | undefined>();
  const running = clock !== undefined && clock.now < clock.endsAt;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setClock((c) => (c ? { ...c, now: Date.now() } : c)), 250);
    return () => window.clearInterval(timer);
  }, [running]);

  const start = useCallback((validSeconds: number) => {
    const now = Date.now();
    setClock({ endsAt: now + validSeconds * 1000, now });
  }, []);
  const stop = useCallback(() => setClock(undefined), []);

  const remaining = clock ? Math.max(0, Math.ceil((clock.endsAt - clock.now) / 1000)) : 0;
  return { remaining, started: clock !== undefined, start, stop };
}
