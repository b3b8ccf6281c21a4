import { defineErrors } from "../../http/app-error.ts";
import type { RateLimitRepository } from "./ratelimit.repository.ts";

export const rateLimitErrors = defineErrors({
  TOO_MANY_REQUESTS: { status: 429, errorId: 429, message: "Too many attempts. Please try again later." },
});

export type Limit = { name: string; max: number; windowSeconds: number; perIp?: true };

/** The abuse limits of the accounts flows. */
export const LIMITS = {
  codesPerPhone: { name: "codes-phone", max: 5, windowSeconds: 3600 },
  signupsPerIp: { name: "signup-ip", max: 20, windowSeconds: 3600, perIp: true },
  signupsPerMerchant: { name: "signup-merchant", max: 1000, windowSeconds: 3600 },
  signInFailuresPerIp: { name: "signin-fail-ip", max: 50, windowSeconds: 3600, perIp: true },
  codeSendsPerIp: { name: "codes-ip", max: 30, windowSeconds: 3600, perIp: true },
  // The back-office's sign-in (docs/backoffice.md "Lock-out"): failures from one address over
  // every account, and from one address on one account (the subject holds both), so a guesser
  // locks only their own address out of an operator's account, never the operator.
  operatorSignInFailuresPerIp: { name: "operator-signin-fail-ip", max: 20, windowSeconds: 3600, perIp: true },
  operatorFailuresPerIpAndAccount: { name: "operator-fail-ip-account", max: 5, windowSeconds: 900 },
} as const satisfies Record<string, Limit>;

/**
 * Fixed-window limits counted in PostgreSQL, so every server instance shares them. A refused
 * hit answers 429 with Retry-After: the seconds until the window ends.
 */
export function createRateLimitService(deps: {
  repository: RateLimitRepository;
  /** Scales the per-IP limits: a test suite signs up many customers from one address. */
  ipLimitMultiplier?: number;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const maxOf = (limit: Limit) => (limit.perIp ? limit.max * (deps.ipLimitMultiplier ?? 1) : limit.max);
  const windowOf = (limit: Limit) => {
    const ms = limit.windowSeconds * 1000;
    const start = Math.floor(now().getTime() / ms) * ms;
    return {
      start: new Date(start),
      retryAfter: Math.max(1, Math.ceil((start + ms - now().getTime()) / 1000)),
    };
  };
  const refuse = (limit: Limit) =>
    rateLimitErrors.create("TOO_MANY_REQUESTS", {
      headers: { "retry-after": String(windowOf(limit).retryAfter) },
    });
  return {
    /**
     * For limits on failures, where the outcome is known only after the work: claims a place
     * before the work, atomically (a check now and a count afterwards would let N concurrent
     * attempts all pass the check), and refuses when the window is full. The caller gives the
     * place back when the attempt turns out not to be a failure.
     */
    async claim(limit: Limit, subject: string): Promise<{ giveBack: () => Promise<void> }> {
      const key = `${limit.name}:${subject}`;
      const { start } = windowOf(limit);
      if (!(await deps.repository.claim(key, start, maxOf(limit)))) throw refuse(limit);
      return { giveBack: () => deps.repository.giveBack(key, start) };
    },
    /** Forgets the current window's count of `subject` (a completed sign-in forgets its failures). */
    forget(limit: Limit, subject: string): Promise<void> {
      return deps.repository.forget(`${limit.name}:${subject}`, windowOf(limit).start);
    },
    /** Counts one hit and refuses it when the window is over its maximum. */
    async consume(limit: Limit, subject: string): Promise<void> {
      const w = windowOf(limit);
      const count = await deps.repository.hit(`${limit.name}:${subject}`, w.start);
      if (count > maxOf(limit)) throw refuse(limit);
    },
    /**
     * Deletes the counters of windows that have ended: none of them is read again. Kept one
     * longest window more than needed, so a clock a little behind never loses a live count.
     */
    purgeEnded(): Promise<number> {
      const longest = Math.max(...Object.values(LIMITS).map((l) => l.windowSeconds));
      return deps.repository.purgeStartedBefore(new Date(now().getTime() - 2 * longest * 1000));
    },
  };
}

export type RateLimitService = ReturnType<typeof createRateLimitService>;
