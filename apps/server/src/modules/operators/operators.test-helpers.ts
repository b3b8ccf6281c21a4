import { randomUUID } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { OperatorRole } from "../../db/schema/index.ts";
import type { TestDatabase } from "../../db/test-database.ts";
import { operatorsServiceOn } from "./operators.seed.ts";
import { totpCode } from "./totp.ts";

export type OperatorSession = {
  id: string;
  email: string;
  cookie: string;
  csrfToken: string;
  /** Headers of a call that changes something: the cookie and the CSRF token. */
  headers: Record<string, string>;
};

export function cookieOf(setCookie: string | string[] | undefined): string {
  const line = [setCookie ?? []].flat().find((c) => c.startsWith("kestrel_operator="));
  return (line ?? "").split(";")[0] ?? "";
}

/** The code step signs in under a new session: its cookie and CSRF token replace step one's. */
export function signedInHeaders(totp: LightMyRequestResponse) {
  return {
    cookie: cookieOf(totp.headers["set-cookie"]),
    "x-csrf-token": (totp.json() as { csrfToken: string }).csrfToken,
  };
}

/** A new operator of `role`, signed in through both steps as the back-office does. */
export async function signInOperator(
  app: FastifyInstance,
  database: TestDatabase,
  role: OperatorRole,
  merchantId: string | null,
): Promise<OperatorSession> {
  const email = `${role.toLowerCase()}-${randomUUID()}@ops.test`;
  // A password of its own, so no one-time password to change first (operators-manage.test.ts does).
  const created = await operatorsServiceOn(database.pool).createOperator({
    email,
    role,
    merchantId,
    password: randomUUID(),
  });
  if (!created) throw new Error("operator not created");
  const signIn = await app.inject({
    method: "POST",
    url: "/admin/v1/auth/sign-in",
    payload: { email, password: created.password },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in: ${signIn.statusCode} ${signIn.body}`);
  const cookie = cookieOf(signIn.headers["set-cookie"]);
  const { csrfToken } = signIn.json() as { csrfToken: string };
  const headers = { cookie, "x-csrf-token": csrfToken };
  const totp = await app.inject({
    method: "POST",
    url: "/admin/v1/auth/totp",
    headers,
    payload: { code: totpCode(created.totpSecret) },
  });
  if (totp.statusCode !== 200) throw new Error(`totp: ${totp.statusCode} ${totp.body}`);
  const signedIn = signedInHeaders(totp);
  return {
    id: created.operator.id,
    email,
    cookie: signedIn.cookie,
    csrfToken: signedIn["x-csrf-token"],
    headers: signedIn,
  };
}
