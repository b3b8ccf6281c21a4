import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig } from "../../apps/server/src/config.ts";
import { openDatabase } from "../../apps/server/src/db/database.ts";
import type { TestDatabase } from "../../apps/server/src/db/test-database.ts";
import { type Customer, cardsDriver } from "../../apps/server/src/modules/cards/cards.test-helpers.ts";
import { depositsDriver } from "../../apps/server/src/modules/deposits/deposits.test-helpers.ts";
import { ibanDriver } from "../../apps/server/src/modules/iban/iban.test-helpers.ts";
import { kycDriver } from "../../apps/server/src/modules/kyc/kyc.test-helpers.ts";
import { exchangeDriver } from "../../apps/server/src/modules/quotes/exchange.test-helpers.ts";
import type { TestApp } from "../../apps/server/src/test-app.ts";

type Merchant = { id: string; name: string };
/** The application names the journeys' two pools connect with: the server's, and the drivers' own SQL. */
export const APP_NAME = "journey-app";
const DRIVER_NAME = "journey-driver";

const OUTSIDE_ADDRESS = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94";
const RECIPIENT = { name: "Max Mustermann", iban: "DE89 3704 0044 0532 0130 00", bic: "COBADEFFXXX" };

/**
 * The money path of every domain (issue 39), through HTTP with the server's own test drivers, for
 * one customer of each merchant (and a second one to receive a send by phone): sign-up, KYC,
 * send by phone and to an address, exchange, card order paid and topped up, an earn deposit, an
 * IBAN with money in and out. The server runs in this process on the coordinator; no worker runs
 * (the drivers play the sandbox providers' jobs themselves). `mark` is called before each step
 * (the run writes it into the coordinator's log to tie what Citus logs to the step).
 * Answers the steps that failed (none: all passed).
 */
export async function runJourneys(
  url: string,
  merchants: Merchant[],
  log: (line: string) => void,
  mark: (step: string) => Promise<void>,
): Promise<string[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "citus-journeys-"));
  const t = await journeyApp(url, dataDir);
  const failed: string[] = [];
  try {
    for (const m of merchants) {
      const steps = journey(t, m);
      for (const step of steps) {
        await mark(`${m.name}: ${step.name}`);
        try {
          const said = await step.run();
          log(`journey ${m.name}: ${said}`);
        } catch (err) {
          const why = err instanceof Error ? err.message : String(err);
          log(`journey ${m.name}: ${step.name} FAILED: ${why.slice(0, 400)}`);
          failed.push(`${m.name}: ${step.name}: ${why.slice(0, 200)}`);
          // A later step needs this one's state: the merchant's journey stops here.
          break;
        }
      }
    }
    // The sandbox parties' later steps (confirmations, the bank's and the issuer's next states)
    // stay queued; the drivers played them here, the run's worker would post them to no server.
    const { rowCount } = await t.database.pool.query(
      `delete from graphile_worker._private_jobs j using graphile_worker._private_tasks k
       where k.id = j.task_id and k.identifier like '%sandbox%'`,
    );
    log(`journeys: ${rowCount} later steps of the sandbox parties left unplayed (dropped from the queue)`);
  } finally {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return failed;
}

/** The HTTP app on the coordinator, as createKycTestApp builds it on a test database. */
async function journeyApp(url: string, dataDir: string): Promise<TestApp> {
  const named = (name: string) => `${url}${url.includes("?") ? "&" : "?"}application_name=${name}`;
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir });
  const served = openDatabase(named(APP_NAME), { max: 4 });
  // The drivers' own SQL (queued jobs, texted codes, the sandbox chain and bank) on a pool of
  // their own, so the log tells a customer's request from the test playing the outside parties.
  const driving = openDatabase(named(DRIVER_NAME), { max: 2 });
  const database: TestDatabase = { ...driving, url, drop: driving.close };
  const app = await buildApp(config, { database: served, logger: false });
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await served.close();
      await driving.close();
    },
  };
}

type Step = { name: string; run: () => Promise<string> };

/** One merchant's journey: each step checks its answer and the state it leaves. */
function journey(t: TestApp, m: Merchant): Step[] {
  const kyc = kycDriver(t);
  const x = exchangeDriver(t);
  const d = x.d;
  const cards = cardsDriver(t);
  const earn = depositsDriver(t);
  const iban = ibanDriver(t, m.id);
  let alice: Customer;
  let bob: Customer;
  let constraints = new Map<string, string>();
  let cardId = "";
  let ibanItem: { id: string; iban: string } = { id: "", iban: "" };
  const usdt = async (c: Customer) => Number((await d.wallet(c.token, "USDT")).balance);
  // A send to an address stays reserved (not available) until the chain confirms it.
  const availableUsdt = async (c: Customer) => Number((await d.wallet(c.token, "USDT")).availableBalance);
  // A step the merchant's catalog turns off is skipped (and said), not enabled.
  const offered = (operation: string, step: Step): Step => ({
    name: step.name,
    run: async () => {
      const constraint = constraints.get(operation);
      return constraint === "NONE"
        ? step.run()
        : `${step.name} skipped: ${operation} is ${constraint} in its catalog`;
    },
  });

  return [
    {
      name: "sign-up",
      run: async () => {
        [alice, bob] = [await kyc.customer("Lovelace", m.id), await kyc.customer("Hopper", m.id)];
        const catalog = await t.app.inject({
          url: "/v2/catalog/operations",
          headers: { "x-merchant-id": m.id },
        });
        expect200(catalog, "catalog");
        const rows = catalog.json().data as { operationType: string; constraint: string }[];
        constraints = new Map(rows.map((r) => [r.operationType, r.constraint]));
        return "sign-up of two customers (phone confirmed by the texted code, profile complete)";
      },
    },
    {
      name: "KYC",
      run: async () => {
        for (const c of [alice, bob]) await kyc.verify(c);
        const level = (await kyc.data(alice.token)).json().kycLevel;
        if (level !== "KYC_2") throw new Error(`KYC level ${level} after the sandbox review`);
        return "KYC_2 for both (widget documents, sandbox review delivered through the callback)";
      },
    },
    {
      name: "funded",
      run: async () => {
        expect200(await d.faucet(alice.phone, "USDT", "1000", m.id), "faucet");
        if ((await usdt(alice)) !== 1000) throw new Error(`USDT ${await usdt(alice)} after 1000 credited`);
        return "1000 USDT credited by the sandbox";
      },
    },
    offered("TRANSFER_MOBILE", {
      name: "send by phone",
      run: async () => {
        expect200(await d.send(alice.token, { phone: bob.phone, amount: "5", currency: "USDT" }), "send");
        const [a, b] = [await usdt(alice), await usdt(bob)];
        if (b !== 5 || a !== 995) throw new Error(`balances ${a} and ${b} USDT after sending 5`);
        return "send by phone 5 USDT, the receiver holds 5";
      },
    }),
    offered("PAYOUT_CRYPTO", {
      name: "send to an address",
      run: async () => {
        const before = await availableUsdt(alice);
        expect200(
          await d.send(alice.token, { address: OUTSIDE_ADDRESS, amount: "20", currency: "USDT" }),
          "send",
        );
        await d.runChainJobs();
        const spent = before - (await availableUsdt(alice));
        if (spent < 20) throw new Error(`${spent} USDT left the wallet for a send of 20`);
        return `send to an address 20 USDT (${spent.toFixed(2)} with the network fee), broadcast`;
      },
    }),
    offered("EXCHANGE", {
      name: "exchange",
      run: async () => {
        const offer = await x.create(alice.token, {
          currencyFrom: "USDT",
          currencyTo: "EUR",
          amountFrom: "100",
        });
        expect200(offer, "offer");
        expect200(await x.execute(alice.token, offer.json().offerId), "execute");
        const eur = await x.balance(alice.token, "EUR");
        if (!(Number(eur) > 0)) throw new Error(`EUR ${eur} after the exchange`);
        return `exchange 100 USDT to ${eur} EUR`;
      },
    }),
    offered("CARD_ORDER", {
      name: "card order paid",
      run: async () => {
        const { id, offer } = await cards.paidOrder(alice, "VIRTUAL", "USDT");
        expect200(await cards.advance(id), "issuer advance");
        const activated = await cards.call(
          alice,
          "POST",
          "/v2/card/virtual/activate",
          await cards.sealed(alice, await cards.lastCode(alice.phone)),
        );
        expect200(activated, "activate");
        cardId = activated.json().id;
        type Money = { value: string; currency: string };
        const { fiatPrice, cryptoPrice } = offer as { fiatPrice: Money; cryptoPrice: Money };
        return `card order paid ${fiatPrice.value} ${fiatPrice.currency} (${cryptoPrice.value} ${cryptoPrice.currency}), issued and activated`;
      },
    }),
    offered("CARD_TOPUP_CRYPTO", {
      name: "card top-up",
      run: async () => {
        const body = { fromCurrency: "USDT", toCurrency: "EUR", toAmount: "10" };
        const offer = await cards.call(alice, "POST", `/v2/card/${cardId}/payload/offers`, body);
        expect200(offer, "offer");
        const done = await cards.call(
          alice,
          "POST",
          `/v2/card/${cardId}/payload/offers/${offer.json().offerId}/confirm`,
          undefined,
          { "idempotency-key": cards.nextKey() },
        );
        expect200(done, "confirm");
        const card = (await cards.list(alice)).cards.find((c: { id: string }) => c.id === cardId);
        if (card?.balance?.value !== "10.00")
          throw new Error(`card balance ${card?.balance?.value} after 10.00`);
        return "card top-up 10.00 EUR from USDT, the card holds 10.00";
      },
    }),
    offered("DEPOSITS", {
      name: "earn deposit",
      run: async () => {
        const before = await availableUsdt(alice);
        const res = await earn.open(alice.token, {
          currency: "USDT",
          productType: "FLEX",
          months: 3,
          amount: "50",
        });
        expect200(res, "open");
        const moved = before - (await availableUsdt(alice));
        if (moved !== 50) throw new Error(`${moved} USDT moved for a deposit of 50`);
        return "earn deposit opened: 50 USDT FLEX for 3 months";
      },
    }),
    offered("IBAN", {
      name: "IBAN issued",
      run: async () => {
        ibanItem = await iban.issue(alice.token);
        return `IBAN issued ${ibanItem.iban}`;
      },
    }),
    offered("IBAN", {
      name: "IBAN money in",
      run: async () => {
        expect200(await iban.transferIn(ibanItem.iban, "250.00", "Salary"), "transfer in");
        await iban.runBankJobs();
        const { balance } = await iban.balance(alice.token);
        if (balance !== "250.00") throw new Error(`IBAN balance ${balance} after 250.00 in`);
        return "bank transfer in 250.00 EUR, the IBAN holds 250.00";
      },
    }),
    offered("WITHDRAW_IBAN", {
      name: "IBAN money out",
      run: async () => {
        const recipient = await iban.addRecipient(alice.token, RECIPIENT);
        expect200(recipient, "recipient");
        const res = await iban.confirmedWithdraw(alice, ibanItem.id, {
          recipientId: recipient.json().id,
          amount: "20.00",
        });
        expect200(res, "withdraw");
        await iban.runBankJobs();
        const { available } = await iban.balance(alice.token);
        if (!(Number(available) <= 230)) throw new Error(`IBAN available ${available} after 20.00 out`);
        return `withdrawal 20.00 EUR to a SEPA recipient, ${available} EUR left available`;
      },
    }),
  ];
}

function expect200(res: { statusCode: number; body: string }, what: string) {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
}
