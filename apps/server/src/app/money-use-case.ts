import { type ClientSource, inTransaction, type Tx } from "../db/transaction.ts";
import type { AuthService, VerifiedClaims } from "../modules/auth/index.ts";
import { type LedgerService, ledgerErrors } from "../modules/ledger/index.ts";

/** The request's Idempotency-Key, scoped, and its fingerprint (`http/idempotency.ts`). */
export type IdempotencyKey = { merchantId: string; idempotencyKey: string; requestHash: string };

/** A request's key, from the fields every money use-case's input carries. */
export function keyOf(
  merchantId: string,
  input: { idempotencyKey: string; requestHash: string },
): IdempotencyKey {
  return { merchantId, idempotencyKey: input.idempotencyKey, requestHash: input.requestHash };
}

/** A limit read before the transaction: `consume` judges it again under the KYC row's lock and records the usage. */
type PreparedLimit = { consume(tx: Tx, reference: string): Promise<unknown> };

/** What `lock` answers when, under the lock, there is nothing to do: the use-case ends with `outcome`. */
export class Settled<T> {
  readonly outcome: T;
  constructor(outcome: T) {
    this.outcome = outcome;
  }
}

/**
 * What a money use-case declares; the frame (`createMoneyFrame`) does the rest. `P` is what
 * `prepare` read, `L` what `lock` found, `T` the outcome (the ledger's, or the use-case's own).
 */
export type MoneyUseCase<P, T, L = void> = {
  /** Whose session must still be live when the money moves (judged inside the transaction). */
  session: Pick<VerifiedClaims, "merchantId" | "sessionId" | "customerId">;
  /**
   * The request's key: a retry of a request that went through gets its stored answer, also when
   * this one is refused before the money moves. Unset: the use-case keys itself (a payment row).
   */
  key?: IdempotencyKey;
  /**
   * The stored answer is looked up before `prepare`, because `prepare` does what a replay must
   * not do again (text a code, open accounts). Otherwise only on a refusal: one query less.
   */
  replayFirst?: boolean;
  /** Reads, checks and accounts opened on the pool, before the transaction (it never waits for a connection). */
  prepare: () => Promise<P>;
  /** The limit to consume in the transaction, with the reference its usage is recorded under. */
  limit?: (p: P) => { limit: PreparedLimit; reference: string };
  /**
   * Rows the use-case judges, locked before the KYC row (lock order: docs/architecture.md) and
   * judged again on what the lock returns; `new Settled(outcome)` ends the use-case there.
   */
  lock?: (tx: Tx, p: P) => Promise<L | Settled<T>>;
  /** Moves the money (`ledger.apply`, a reservation, a withdrawal started...). */
  move: (tx: Tx, p: P, locked: L) => Promise<T>;
  /** What the outcome writes besides the money (the domain's rows, history): skipped on a replay. */
  record?: (tx: Tx, p: P, outcome: T, locked: L) => Promise<unknown>;
  /** The module's own refusal for the ledger's INSUFFICIENT_FUNDS (with the field to blame). */
  insufficientFunds?: () => Error;
};

/**
 * One frame for every use-case that moves a customer's money (docs/architecture.md "One
 * use-case, one transaction"): the stored answer for the key, the live session, the limit, one
 * transaction retried whole on conflicts (`inTransaction`), and the refusals mapped.
 */
export function createMoneyFrame(deps: {
  db: ClientSource;
  auth: Pick<AuthService, "requireLiveSession">;
  /** Where a request keyed by Idempotency-Key finds its stored answer (unset: no use-case names a `key`). */
  ledger?: Pick<LedgerService, "findStoredOutcome">;
}) {
  return async function run<P, T, L = void>(useCase: MoneyUseCase<P, T, L>): Promise<T> {
    const { key } = useCase;
    // The ledger's stored outcome is the answer of a request keyed by Idempotency-Key.
    const { ledger } = deps;
    if (key && !ledger) throw new Error("a money use-case with a key needs the ledger's stored outcomes");
    const stored = async () =>
      key && ledger ? ((await ledger.findStoredOutcome(key)) as T | undefined) : undefined;
    if (useCase.replayFirst) {
      const answer = await stored();
      if (answer) return answer;
    }
    try {
      const p = await useCase.prepare();
      const limit = useCase.limit?.(p);
      return await inTransaction(deps.db, async (tx) => {
        await deps.auth.requireLiveSession(tx, useCase.session);
        const locked = (await useCase.lock?.(tx, p)) as L | Settled<T>;
        if (locked instanceof Settled) return locked.outcome;
        // Recorded under its reference: a replay records nothing new.
        await limit?.limit.consume(tx, limit.reference);
        const outcome = await useCase.move(tx, p, locked);
        if (!isReplay(outcome)) await useCase.record?.(tx, p, outcome, locked);
        return outcome;
      });
    } catch (err) {
      if (useCase.insufficientFunds && ledgerErrors.is(err, "INSUFFICIENT_FUNDS"))
        throw useCase.insufficientFunds();
      // Refused before the money moved (a limit, the catalog, a lapsed offer): a retry of a
      // request that went through still gets its stored answer.
      const answer = await stored();
      if (answer) return answer;
      throw err;
    }
  };
}

function isReplay(outcome: unknown): boolean {
  return (
    typeof outcome === "object" && outcome !== null && (outcome as { replayed?: unknown }).replayed === true
  );
}
