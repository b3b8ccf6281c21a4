import type pg from "pg";
import { clientSourceFromPool } from "../../db/transaction.ts";
import { createRateLimitRepository, createRateLimitService } from "../ratelimit/index.ts";
import { createAuditRepository } from "./audit.repository.ts";
import { createAuditService } from "./audit.service.ts";
import { createOperatorsRepository } from "./operators.repository.ts";
import { createOperatorsService } from "./operators.service.ts";

/**
 * The sandbox's platform admin, fixed so the README can say how to sign in (docs/backoffice.md):
 * the TOTP secret goes into any authenticator app. Sandbox mode only: nowhere else is an
 * operator made without `npm run operator:create`.
 */
export const SANDBOX_ADMIN = {
  email: "admin@kestrel.sandbox",
  password: "kestrel-sandbox-1",
  totpSecret: "KESTRELSANDBOXADMINTOTPSECRET234",
} as const;

/** The operators service on its own (the start's seed, `npm run operator:create`). */
export function operatorsServiceOn(pool: pg.Pool) {
  const sql = clientSourceFromPool(pool);
  const audit = createAuditService({ repository: createAuditRepository({ db: sql }) });
  const limits = createRateLimitService({ repository: createRateLimitRepository({ db: sql }) });
  return createOperatorsService({
    db: sql,
    repository: createOperatorsRepository({ db: sql }),
    audit,
    limits,
  });
}

/** Makes the sandbox's admin unless it exists. */
export async function seedSandboxAdmin(pool: pg.Pool): Promise<void> {
  await operatorsServiceOn(pool).createOperator({
    ...SANDBOX_ADMIN,
    role: "PLATFORM_ADMIN",
    merchantId: null,
  });
}
