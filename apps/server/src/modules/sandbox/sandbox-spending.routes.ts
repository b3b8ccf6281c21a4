import { toDecimalString } from "@kestrel/money";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { amountInput, parseAmountField } from "../../http/amount-input.ts";
import { AppError } from "../../http/app-error.ts";
import { errorResponses } from "../../http/error-body.ts";
import type { DeliverCardEvent } from "../../providers/issuer/card-events.ts";
import type { IssuerTransactionRow } from "../../providers/issuer/sandbox-spending.ts";
import { renderSpendingConsole } from "./sandbox-spending.console.ts";

const purchaseBody = z
  .object({
    cardRequestId: z.uuid(),
    shop: z.string().trim().min(1, "is required").max(80),
    amount: amountInput,
  })
  .strict();
const actionBody = z
  .object({ transactionId: z.string().min(4).max(64), action: z.enum(["settle", "reverse", "refund"]) })
  .strict();
const transactionResponse = z
  .object({
    transactionId: z.string(),
    cardRequestId: z.uuid(),
    shop: z.string(),
    amount: z.string(),
    currency: z.string(),
    state: z.enum(["AUTHORISING", "APPROVED", "DECLINED", "SETTLED", "REVERSED", "REFUNDED"]),
    declineReason: z.string().nullable(),
  })
  .meta({ id: "SandboxCardTransaction" });

const viewOf = (t: IssuerTransactionRow) => ({
  transactionId: t.id,
  cardRequestId: t.orderRef,
  shop: t.shop,
  amount: toDecimalString(t.amount, "EUR"),
  currency: t.currency,
  state: t.state as z.infer<typeof transactionResponse>["state"],
  declineReason: t.declineReason,
});

/**
 * Sandbox only: card purchases at the sandbox issuer. The callbacks go to the server's handler in
 * process (the worker's retries post them over HTTP); the signature is checked the same way.
 */
export const sandboxSpendingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const spending = deps.services.sandboxSpending;
    if (!spending) return;
    const deliver: DeliverCardEvent = async (rawBody, signature) => {
      try {
        return { status: 200, body: await deps.services.cardFunding.receiveCardEvent(rawBody, signature) };
      } catch (err) {
        if (err instanceof AppError) return { status: err.status, body: undefined };
        throw err;
      }
    };
    /** The amount is judged as every amount field of the contract is (EUR, the card's currency). */
    const purchase = (body: z.infer<typeof purchaseBody>) => {
      parseAmountField("amount", body.amount, "EUR");
      return spending.purchase(body, deliver);
    };
    const errors = errorResponses(400, 404);

    app.post(
      "/sandbox/issuer/purchase",
      {
        schema: {
          operationId: "sandboxCardPurchase",
          tags: ["sandbox"],
          description:
            "A purchase at a named shop with the card of an order (amount in EUR): the answer says whether it was approved, or declined and why.",
          body: purchaseBody,
          response: { 200: transactionResponse, ...errors },
        },
      },
      async (req) => viewOf(await purchase(req.body)),
    );

    app.post(
      "/sandbox/issuer/transactions/:transactionId/:action",
      {
        schema: {
          operationId: "sandboxCardTransactionAction",
          tags: ["sandbox"],
          description: "Settles or reverses an approved purchase, or refunds a settled one.",
          params: actionBody,
          response: { 200: transactionResponse, ...errors },
        },
      },
      async (req) => viewOf(await spending.act(req.params.transactionId, req.params.action, deliver)),
    );

    const back = (message: string) => `/sandbox/issuer/spending?${new URLSearchParams({ message })}`;
    app.post(
      "/sandbox/issuer/purchase/form",
      { schema: { hide: true, consumes: ["application/x-www-form-urlencoded"], body: purchaseBody } },
      async (req, reply) => {
        const t = viewOf(await purchase(req.body));
        const outcome = t.declineReason ? `${t.state} (${t.declineReason})` : t.state;
        return reply.redirect(back(`${t.shop}, ${t.amount} EUR: ${outcome}.`), 303);
      },
    );
    app.post(
      "/sandbox/issuer/transactions/form",
      { schema: { hide: true, consumes: ["application/x-www-form-urlencoded"], body: actionBody } },
      async (req, reply) => {
        const t = viewOf(await spending.act(req.body.transactionId, req.body.action, deliver));
        return reply.redirect(back(`${t.shop}, ${t.amount} EUR: now ${t.state}.`), 303);
      },
    );

    app.get(
      "/sandbox/issuer/spending",
      { schema: { hide: true, querystring: z.object({ message: z.string().max(200).optional() }) } },
      async (req, reply) => {
        reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
        const [cards, transactions] = await Promise.all([spending.cards(), spending.recent()]);
        return renderSpendingConsole({ cards, transactions, message: req.query.message });
      },
    );
  };
