import type { AuditActor } from "../operators/index.ts";

/** The operator acting, and the merchant they act on: what every back-office use-case is handed. */
export type Actor = { merchantId: string; actor: AuditActor };
