import { createHash } from "node:crypto";

export type CaptchaChallenge = { algorithm: string; challenge: string; salt: string; maxnumber?: number };

/**
 * The token a solved challenge is sent back as, for tests and scripts that sign up over HTTP.
 * It finds the same number the widget does (SHA-256 of salt + number equals the challenge), with
 * Node's synchronous hash: altcha-lib's solver awaits WebCrypto once per number, about 40 times
 * slower, and on a busy machine that made one sign-up cost tens of seconds.
 */
export function solvedCaptchaToken(challenge: CaptchaChallenge): string {
  if (challenge.algorithm !== "SHA-256")
    throw new Error(`captcha algorithm ${challenge.algorithm} not handled`);
  const max = challenge.maxnumber ?? 1_000_000;
  for (let n = 0; n <= max; n++) {
    if (
      createHash("sha256")
        .update(challenge.salt + n)
        .digest("hex") === challenge.challenge
    ) {
      return Buffer.from(JSON.stringify({ ...challenge, number: n })).toString("base64");
    }
  }
  throw new Error("captcha challenge has no solution up to its maxnumber");
}
