import { unwrap } from "@kestrel/api-client";
import { solveChallenge } from "altcha-lib/v1";
import type { WebSession } from "../../../lib/session/web-session.ts";

// The proof of work runs in slices, so the page can show how far it got and stay responsive.
const SLICE = 2_000;

/**
 * ALTCHA, self-hosted (docs/accounts.md): fetch a signed challenge, find the number by brute
 * force in the browser, have the server check it once (POST /api/captcha), and hand back the
 * payload that sign-up spends as X-Captcha-Token.
 */
export async function solveCaptcha(
  api: WebSession["api"],
  merchantId: string,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const challenge = await unwrap(api.GET("/api/captcha/challenge"));
  const max = challenge.maxnumber ?? 1_000_000;
  for (let start = 0; start <= max; start += SLICE) {
    const end = Math.min(start + SLICE - 1, max);
    const solution = await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      end,
      start,
    ).promise;
    if (solution) {
      onProgress(1);
      const token = btoa(JSON.stringify({ ...challenge, number: solution.number }));
      const verified = await unwrap(
        api.POST("/api/captcha", {
          params: { query: { token } },
          headers: { "x-merchant-id": merchantId },
        }),
      );
      if (!verified.data.success) throw new Error("captcha refused");
      return token;
    }
    onProgress(end / max);
  }
  throw new Error("captcha not solved");
}
