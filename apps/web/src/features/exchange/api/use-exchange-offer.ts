import { ApiError } from "@kestrel/api-client";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useOfferClock } from "../../../lib/hooks/use-offer-clock.ts";
import { useApi } from "../../../lib/session/session-context.tsx";
import { createOffer, type ExchangeOffer, type OfferRequest, updateOffer } from "./exchange-calls.ts";

/** What the customer asked: the pair and the side they typed, its amount as a wire decimal. */
export type OfferInput = { from: string; to: string; side: "from" | "to"; amount: string };

/** Typing pauses this long before a price is asked: one call per pause, not per keystroke. */
const QUOTE_DELAY_MS = 400;
/** The offer is gone on the server: a new one is created instead of updating it. */
const OFFER_GONE = new Set(["OFFER_NOT_FOUND", "OFFER_EXPIRED", "OFFER_ALREADY_EXECUTED"]);

const toBody = (input: OfferInput): OfferRequest => ({
  currencyFrom: input.from,
  currencyTo: input.to,
  ...(input.side === "from" ? { amountFrom: input.amount } : { amountTo: input.amount }),
});

/**
 * The offer for what the customer typed (reference flow §5.7): created once, then updated (PUT)
 * on every edit and whenever it lapses while the customer stays on the page, so the price on
 * screen is always one the server will execute. Paused while an execution is in flight; a
 * hidden tab lets it lapse and gets a fresh one on return.
 */
export function useExchangeOffer(input: OfferInput | undefined, options: { paused?: boolean } = {}) {
  const api = useApi();
  const clock = useOfferClock();
  // The offer with the input it was priced for: a price for an older input is never shown.
  const [priced, setPriced] = useState<{ offer: ExchangeOffer; key: string } | undefined>();
  const [error, setError] = useState<Error | undefined>();
  const [loading, setLoading] = useState(false);
  // The offer on the server, kept after a refused edit so that the next edit updates it.
  const serverOffer = useRef<ExchangeOffer | undefined>(undefined);
  // Answers can arrive out of order: only the latest request's answer is shown.
  const latest = useRef(0);
  const inputKey = input ? JSON.stringify(input) : "";
  const visible = usePageVisible();

  const quote = useCallback(
    async (next: OfferInput) => {
      const mine = ++latest.current;
      setLoading(true);
      try {
        const body = toBody(next);
        const current = serverOffer.current;
        let fresh: ExchangeOffer;
        if (current) {
          fresh = await updateOffer(api, { offerId: current.offerId, ...body }).catch((e: unknown) => {
            if (e instanceof ApiError && OFFER_GONE.has(e.code)) return createOffer(api, body);
            throw e;
          });
        } else {
          fresh = await createOffer(api, body);
        }
        if (mine !== latest.current) return;
        serverOffer.current = fresh;
        setPriced({ offer: fresh, key: JSON.stringify(next) });
        setError(undefined);
        clock.start(fresh.validSeconds);
      } catch (e) {
        if (mine !== latest.current) return;
        setPriced(undefined);
        setError(e instanceof Error ? e : new Error(String(e)));
        clock.stop();
      } finally {
        if (mine === latest.current) setLoading(false);
      }
    },
    [api, clock.start, clock.stop],
  );

  // A new pair or amount: ask after the customer pauses typing; nothing to ask: forget the price.
  useEffect(() => {
    if (inputKey === "") {
      latest.current++;
      setPriced(undefined);
      setError(undefined);
      setLoading(false);
      clock.stop();
      return;
    }
    const next = JSON.parse(inputKey) as OfferInput;
    const timer = window.setTimeout(() => void quote(next), QUOTE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [inputKey, quote, clock.stop]);

  // The offer lapsed while the customer is here: renew it at once (the update gives a new price
  // and a new validity; a gone offer is re-created).
  const offer = priced?.key === inputKey ? priced.offer : undefined;
  const lapsed = offer !== undefined && clock.started && clock.remaining === 0;
  useEffect(() => {
    if (!lapsed || options.paused || !visible || inputKey === "") return;
    void quote(JSON.parse(inputKey) as OfferInput);
  }, [lapsed, options.paused, visible, inputKey, quote]);

  const renew = useCallback(() => {
    if (inputKey !== "") void quote(JSON.parse(inputKey) as OfferInput);
  }, [inputKey, quote]);

  /** After an execution: the offer is spent; the next amount starts a new one. */
  const forget = useCallback(() => {
    serverOffer.current = undefined;
    latest.current++;
    setPriced(undefined);
    clock.stop();
  }, [clock.stop]);

  return { offer, error, loading, remaining: clock.remaining, lapsed, renew, forget };
}

function subscribeVisibility(onChange: () => void) {
  document.addEventListener("visibilitychange", onChange);
  return () => document.removeEventListener("visibilitychange", onChange);
}

function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== "hidden",
    () => true,
  );
}
