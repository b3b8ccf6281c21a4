import { ApiError } from "@kestrel/api-client";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useApi } from "../../../lib/session/session-context.tsx";
import { priceTopUp, type TopUpInput, type TopUpOffer } from "./card-funding-queries.ts";
import type { CardProgram } from "./cards-queries.ts";

/** Reference §4.16: the app renews a top-up offer every 30 seconds while the customer stays. */
const RENEW_SECONDS = 30;
/** Typing pauses this long before a price is asked. */
const QUOTE_DELAY_MS = 400;
/** The offer is gone on the server: a new one is created instead. */
const OFFER_GONE = new Set(["OFFER_NOT_FOUND", "OFFER_EXPIRED", "OFFER_ALREADY_EXECUTED"]);

/**
 * The card's top-up offer for what the customer typed: created once, then renewed (PUT) on every
 * edit and every 30 seconds while the page is visible, so the price on screen is one the server
 * will confirm. `remaining` counts down to the next renewal. Paused while a confirmation runs.
 */
export function useTopUpOffer(
  card: { cardId: string; program: CardProgram } | undefined,
  input: TopUpInput | undefined,
  paused: boolean,
) {
  const api = useApi();
  const [priced, setPriced] = useState<{ offer: TopUpOffer; key: string } | undefined>();
  const [error, setError] = useState<Error | undefined>();
  const [loading, setLoading] = useState(false);
  const [renewAt, setRenewAt] = useState<number | undefined>();
  const [now, setNow] = useState(() => Date.now());
  const serverOffer = useRef<string | undefined>(undefined);
  const latest = useRef(0);
  const key = card && input ? JSON.stringify({ ...card, ...input }) : "";
  const visible = useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== "hidden",
    () => true,
  );

  const quote = useCallback(
    async (k: string) => {
      const mine = ++latest.current;
      const { cardId, program, ...next } = JSON.parse(k) as {
        cardId: string;
        program: CardProgram;
      } & TopUpInput;
      setLoading(true);
      try {
        const fresh = await priceTopUp(api, {
          cardId,
          program,
          offerId: serverOffer.current,
          input: next,
        }).catch((e: unknown) => {
          if (serverOffer.current && e instanceof ApiError && OFFER_GONE.has(e.code)) {
            return priceTopUp(api, { cardId, program, input: next });
          }
          throw e;
        });
        if (mine !== latest.current) return;
        serverOffer.current = fresh.offerId;
        setPriced({ offer: fresh, key: k });
        setError(undefined);
        setRenewAt(Date.now() + RENEW_SECONDS * 1000);
      } catch (e) {
        if (mine !== latest.current) return;
        setPriced(undefined);
        setError(e instanceof Error ? e : new Error(String(e)));
        setRenewAt(undefined);
      } finally {
        if (mine === latest.current) setLoading(false);
      }
    },
    [api],
  );

  // An edit: ask after the customer pauses typing; nothing to ask: forget the price.
  useEffect(() => {
    if (key === "") {
      latest.current++;
      setPriced(undefined);
      setError(undefined);
      setLoading(false);
      setRenewAt(undefined);
      return;
    }
    const timer = window.setTimeout(() => void quote(key), QUOTE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [key, quote]);

  // The clock: ticks while a renewal is due, renews when it is (not while hidden or confirming).
  useEffect(() => {
    if (renewAt === undefined) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [renewAt]);
  const due = renewAt !== undefined && now >= renewAt;
  useEffect(() => {
    if (due && visible && !paused && key !== "" && !loading) void quote(key);
  }, [due, visible, paused, key, loading, quote]);

  const offer = priced?.key === key ? priced.offer : undefined;
  const remaining = renewAt === undefined ? 0 : Math.max(0, Math.ceil((renewAt - now) / 1000));
  const forget = useCallback(() => {
    serverOffer.current = undefined;
    latest.current++;
    setPriced(undefined);
    setRenewAt(undefined);
  }, []);
  const renew = useCallback(() => {
    if (key !== "") void quote(key);
  }, [key, quote]);
  return { offer, error, loading, remaining, renew, forget };
}

function subscribeVisibility(onChange: () => void) {
  document.addEventListener("visibilitychange", onChange);
  return () => document.removeEventListener("visibilitychange", onChange);
}
