import { useCallback, useRef, useState } from "react";
import { useMerchantData } from "../../../lib/config-service/queries.ts";
import { useApi } from "../../../lib/session/session-context.tsx";
import { solveCaptcha } from "../api/captcha.ts";

export type CaptchaState = { status: "idle" | "solving" | "solved" | "failed"; progress: number };

// A pass is good for 5 minutes on the server; an older solution is solved again.
const FRESH_FOR_MS = 4 * 60_000;

/**
 * The sign-up captcha. Solving starts as soon as the customer starts filling in the form, so it
 * is usually done by the time they submit; `take` hands out a solved token once (the server
 * spends it) and the next `take` solves a new one.
 */
export function useCaptcha() {
  const api = useApi();
  const merchantId = useMerchantData().data?.merchantBackendId;
  const [state, setState] = useState<CaptchaState>({ status: "idle", progress: 0 });
  const pending = useRef<{ token: Promise<string>; startedAt: number } | undefined>(undefined);

  const start = useCallback(() => {
    const current = pending.current;
    if (current && Date.now() - current.startedAt < FRESH_FOR_MS) return current.token;
    setState({ status: "solving", progress: 0 });
    const token = solveCaptcha(api, merchantId ?? "", (progress) =>
      setState({ status: "solving", progress }),
    ).then(
      (solved) => {
        setState({ status: "solved", progress: 1 });
        return solved;
      },
      (error: unknown) => {
        pending.current = undefined;
        setState({ status: "failed", progress: 0 });
        throw error;
      },
    );
    // Nobody may be waiting yet: a failure is reported through the state until `take` asks.
    token.catch(() => undefined);
    pending.current = { token, startedAt: Date.now() };
    return token;
  }, [api, merchantId]);

  const take = useCallback(async () => {
    const token = await start();
    pending.current = undefined;
    return token;
  }, [start]);

  return { state, start, take };
}
