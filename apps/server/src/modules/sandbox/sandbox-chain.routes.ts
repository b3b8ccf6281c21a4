import { isCurrencyCode } from "@kestrel/money";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { amountInput, parseAmountField } from "../../http/amount-input.ts";
import { AppError, commonErrors } from "../../http/app-error.ts";
import { errorBodySchema, errorResponses } from "../../http/error-body.ts";
import { checkAddress } from "../../providers/chain/address-validation.ts";
import { networkOf } from "../../providers/chain/chain-networks.ts";
import type { LocalFaucet } from "../../providers/chain/local/local-faucet.ts";
import type { SandboxChain } from "../../providers/chain/sandbox-chain.ts";
import { renderChainConsole } from "./sandbox-chain.console.ts";

const CHAIN_CURRENCIES = ["BTC", "ETH", "USDT", "USDC", "DAI", "LTC", "TRX", "DOGE"];

const depositBody = z
  .object({
    address: z.string().min(1).max(128),
    currency: z.string().regex(/^[A-Z]{2,6}$/, "must be a currency code"),
    amount: amountInput,
    fromAddress: z.string().max(128).optional(),
  })
  .strict();

const advanceBody = z
  .object({ txHash: z.string().min(1).max(100), confirmations: z.coerce.number().int().min(1).max(100) })
  .strict();

const depositResponse = z
  .object({
    txHash: z.string(),
    chain: z.string(),
    currency: z.string(),
    address: z.string(),
    status: z.literal("PENDING"),
    confirmations: z.number().int(),
    requiredConfirmations: z.number().int(),
  })
  .meta({ id: "SandboxChainDeposit" });

const localPayBody = z
  .object({
    address: z.string().min(1).max(128),
    currency: z.string().regex(/^[A-Z]{2,6}$/, "must be a currency code"),
    amount: amountInput,
  })
  .strict();
const localMineBody = z.object({ blocks: z.coerce.number().int().min(1).max(100) }).strict();

/**
 * Sandbox only: test deposits on the simulated chain (API and console page); with local nodes
 * (CHAINS=local), the console also pays real test coins on them and mines blocks. A currency
 * carried by a configured node (`onNodes`) takes no simulated deposit: its deposits are the
 * node's, and a simulated one would be credited with a hash no node knows.
 */
export const sandboxChainRoutes =
  (chain: SandboxChain, local: LocalFaucet | undefined, onNodes: readonly string[]): FastifyPluginAsyncZod =>
  async (app) => {
    if (local) {
      const back = (reply: FastifyReply, query: Record<string, string>) =>
        reply.redirect(`/sandbox/chain?${new URLSearchParams(query)}`, 303);
      app.post(
        "/sandbox/chain/local/pay/form",
        { schema: { hide: true, consumes: ["application/x-www-form-urlencoded"], body: localPayBody } },
        async (req, reply) => {
          const { currency } = req.body;
          const network = networkOf(currency);
          const address = network && checkAddress(network.chain, req.body.address);
          if (!network || !isCurrencyCode(currency) || !local.currencies.includes(currency)) {
            return back(reply, { error: `${currency} is on no local node.` });
          }
          if (!address?.ok) return back(reply, { error: `This is not a ${network.networkName} address.` });
          try {
            const amount = parseAmountField("amount", req.body.amount, currency);
            const txHash = await local.pay(currency, address.address, amount);
            return back(reply, { local: `Paid ${req.body.amount} ${currency} in transaction ${txHash}.` });
          } catch (err) {
            return back(reply, { error: err instanceof Error ? err.message : String(err) });
          }
        },
      );
      app.post(
        "/sandbox/chain/local/mine/form",
        { schema: { hide: true, consumes: ["application/x-www-form-urlencoded"], body: localMineBody } },
        async (req, reply) => {
          try {
            await local.mine(req.body.blocks);
          } catch (err) {
            // A node that is down: said on the page, never a 500.
            const reason = err instanceof Error ? err.message : String(err);
            return back(reply, { error: `A local node did not answer (${reason}); nothing was mined.` });
          }
          return back(reply, { local: `Mined ${req.body.blocks} block(s) on every local node.` });
        },
      );
    }

    async function deposit(body: z.infer<typeof depositBody>) {
      const network = networkOf(body.currency);
      if (!network || !isCurrencyCode(body.currency)) {
        throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
          field: "currency",
          message: "currency: has no chain",
        });
      }
      if (onNodes.includes(body.currency)) {
        throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
          field: "currency",
          message: `currency: ${body.currency} runs on a real node here; pay it test coins on the node`,
        });
      }
      const address = checkAddress(network.chain, body.address);
      if (!address.ok) {
        const problem =
          address.problem === "CHECKSUM" ? "has a wrong checksum" : `is not a ${network.networkName} address`;
        throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
          field: "address",
          message: `address: ${problem}`,
        });
      }
      const amount = parseAmountField("amount", body.amount, body.currency);
      const tx = await chain.receiveTestDeposit({
        currency: body.currency,
        address: address.address,
        amount,
        fromAddress: body.fromAddress,
      });
      return {
        txHash: tx.txHash,
        chain: tx.chain,
        currency: tx.currency,
        address: tx.address,
        status: "PENDING" as const,
        confirmations: 0,
        requiredConfirmations: tx.requiredConfirmations,
      };
    }

    app.post(
      "/sandbox/chain/deposit",
      {
        schema: {
          operationId: "sandboxChainDeposit",
          tags: ["sandbox"],
          description:
            "A test payment to an address on the currency's simulated network. The chain notifies the server as confirmations come (CHAIN_CONFIRMATION_SECONDS each); the owner of the address is credited once it has the network's required confirmations. A currency carried by a configured node (CHAIN_<CUR>) is refused, 400 naming currency: pay it on the node.",
          body: depositBody,
          response: { 200: depositResponse, 400: errorBodySchema },
        },
      },
      async (req) => deposit(req.body),
    );

    app.post(
      "/sandbox/chain/advance",
      {
        schema: {
          operationId: "sandboxChainAdvance",
          tags: ["sandbox"],
          description:
            "Moves a pending transaction's clock on by some confirmations now (the console's 'move the clock'); the chain notifies the server at its next tick.",
          body: advanceBody,
          response: {
            200: z.object({ txHash: z.string(), advanced: z.literal(true) }),
            ...errorResponses(400, 404),
          },
        },
      },
      async (req) => {
        if (!(await chain.advance(req.body.txHash, req.body.confirmations))) {
          throw commonErrors.create("NOT_FOUND", {
            field: "txHash",
            message: "No pending transaction with this hash.",
          });
        }
        return { txHash: req.body.txHash, advanced: true as const };
      },
    );

    app.post(
      "/sandbox/chain/advance/form",
      { schema: { hide: true, consumes: ["application/x-www-form-urlencoded"], body: advanceBody } },
      async (req, reply) => {
        await chain.advance(req.body.txHash, req.body.confirmations);
        return reply.redirect(`/sandbox/chain?${new URLSearchParams({ tx: req.body.txHash })}`, 303);
      },
    );

    app.post(
      "/sandbox/chain/deposit/form",
      { schema: { hide: true, consumes: ["application/x-www-form-urlencoded"], body: depositBody } },
      async (req, reply) => {
        try {
          const tx = await deposit(req.body);
          return reply.redirect(`/sandbox/chain?${new URLSearchParams({ tx: tx.txHash })}`, 303);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          return reply.redirect(`/sandbox/chain?${new URLSearchParams({ error: err.message })}`, 303);
        }
      },
    );

    app.get(
      "/sandbox/chain",
      {
        schema: {
          hide: true,
          querystring: z.object({
            tx: z.string().max(100).optional(),
            error: z.string().max(300).optional(),
            local: z.string().max(300).optional(),
          }),
        },
      },
      async (req, reply) => {
        const tx = req.query.tx ? await chain.transaction(req.query.tx) : undefined;
        reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
        return renderChainConsole({
          currencies: CHAIN_CURRENCIES.filter((c) => !onNodes.includes(c)),
          tx,
          error: req.query.error,
          local: local ? { currencies: local.currencies, result: req.query.local } : undefined,
        });
      },
    );
  };
