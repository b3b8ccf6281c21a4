import { unwrap } from "@kestrel/api-client";
import type { components } from "@kestrel/api-contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { useOfferClock } from "../../../lib/hooks/use-offer-clock.ts";
import { useApi } from "../../../lib/session/session-context.tsx";
import type { CardProgram } from "./cards-queries.ts";

export type CardOrderOffer = components["schemas"]["CardPaymentOffer"];

/**
 * The CARD_ORDER offer the checkout shows and Pay executes (docs/cards.md "Money"): created for
 * the chosen currency and promo code, with its validity counting down. It is never renewed
 * behind the customer's back: once it lapses, `renew` asks for a new price, which is shown before
 * the customer may pay again.
 */
export function useCardOrderOffer(
  program: CardProgram,
  requestId: string,
  currency: string,
  promoCode: string,
) {
  const api = useApi();
  const clock = useOfferClock();
  const [offer, setOffer] = useState<CardOrderOffer | undefined>();
  const [error, setError] = useState<Error | undefined>();
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  // Offers are asked one after the other: the order keeps the last offer made for it, which
  // must be the one on screen (two in flight could finish on the server in either order).
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const create = useCallback(async () => {
    const mine = ++latest.current;
    setLoading(true);
    setOffer(undefined);
    clock.stop();
    // Superseded while it waited its turn: not asked at all.
    const ask = () =>
      mine !== latest.current
        ? undefined
        : unwrap(
            api.POST("/v2/card/card-requests/{id}/payment-offer/{currency}", {
              params: {
                path: { id: requestId, currency },
                query: { cp: program, ...(promoCode ? { promoCode } : {}) },
              },
            }),
          );
    const next = queue.current.then(ask, ask);
    queue.current = next.catch(() => undefined);
    try {
      const fresh = await next;
      if (mine !== latest.current || !fresh) return;
      setOffer(fresh);
      setError(undefined);
      clock.start(fresh.validSeconds);
    } catch (e) {
      if (mine !== latest.current) return;
      setError(e instanceof Error ? e : new Error(String(e)));
    } finally {
      if (mine === latest.current) setLoading(false);
    }
  }, [api, program, requestId, currency, promoCode, clock.start, clock.stop]);

  useEffect(() => {
    void create();
  }, [create]);

  const lapsed = offer !== undefined && clock.started && clock.remaining === 0;
  return { offer, error, loading, remaining: clock.remaining, lapsed, renew: create };
}
