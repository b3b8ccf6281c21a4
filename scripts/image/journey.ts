import { createHmac, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { signedUpCustomer } from "../bench/web-customer.ts";
import { until } from "../failover/services.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const FINGERPRINT = "image-fingerprint";

type Customer = Awaited<ReturnType<typeof signedUpCustomer>> & { token: () => Promise<string> };

/**
 * What a customer does first, over HTTP against the running image in sandbox mode: A and B sign
 * up (captcha, SMS code, email, profile), A sends identity documents and the sandbox reviewer
 * (the image's worker) approves KYC_2, the sandbox faucet gives A 25 EUR, A sends 10 EUR to B's
 * phone. Answers what B's EUR wallet then holds, as the server has it.
 */
export async function signUpAndSend(baseUrl: string, log: (line: string) => void): Promise<string> {
  const merchant = (
    await json<MerchantData>(await fetch(`${baseUrl}/web/info?locale=en&variant=merchantData`))
  ).data;
  const a = withToken(baseUrl, merchant, await signedUpCustomer(baseUrl));
  const b = withToken(baseUrl, merchant, await signedUpCustomer(baseUrl));
  log(`journey: ${a.phone} and ${b.phone} signed up`);

  for (const [docType, photo] of [
    ["ID_CARD_FRONT", "id-card-front"],
    ["ID_CARD_BACK", "id-card-back"],
    ["SELFIE", "selfie"],
  ] as const) {
    // Bytes after the JPEG's end make each upload unique (the same file twice is refused).
    const bytes = Buffer.concat([
      readFileSync(path.join(root, `e2e/fixtures/kyc/${photo}.jpg`)),
      randomBytes(16),
    ]);
    const form = new FormData();
    form.append("image", new Blob([bytes], { type: "image/jpeg" }), `${photo}.jpg`);
    const query = docType === "SELFIE" ? "" : "&issuedDate=2021-03-04&issuedCountry=DE";
    await call(a, "POST", `/v1/kyc/upload/document?docType=${docType}${query}`, form);
  }
  await call(a, "POST", "/v5/kyc/submit");
  await until(
    "the sandbox reviewer's KYC_2 (a job of the image's worker)",
    async () =>
      (await call<{ kycLevel: string }>(a, "GET", "/v2/customer/kyc/data")).kycLevel === "KYC_2"
        ? true
        : undefined,
    60_000,
    500,
  );
  log("journey: A verified to KYC_2 by the sandbox reviewer");

  const credited = await fetch(`${baseUrl}/sandbox/wallets/credit`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-merchant-id": merchant.merchantBackendId,
      "idempotency-key": crypto.randomUUID(),
    },
    body: JSON.stringify({ phone: a.phone, currency: "EUR", amount: "25" }),
  });
  await json(credited);
  const sent = await call<{ status: string; internal: boolean; amount: string }>(
    a,
    "POST",
    "/v1/wallet/send",
    { phone: b.phone, amount: "10", currency: "EUR" },
    { "idempotency-key": crypto.randomUUID() },
  );
  log(`journey: A sent ${sent.amount} EUR to B's phone: ${sent.status}`);
  const wallets = await call<{ wallets: Array<{ currency: string; balance: string }> }>(
    b,
    "GET",
    "/v2/wallets",
  );
  return wallets.wallets.find((w) => w.currency === "EUR")?.balance ?? "no EUR wallet";
}

type MerchantData = { data: { merchantBackendId: string; requestSigningKey: string } };

/** A fresh access token on each call: a sign-in as the app makes it (signed with the merchant's key). */
function withToken(
  baseUrl: string,
  merchant: MerchantData["data"],
  c: Awaited<ReturnType<typeof signedUpCustomer>>,
): Customer & { baseUrl: string } {
  const token = async () =>
    (
      await json<{ access_token: string }>(
        await fetch(`${baseUrl}/oauth/token`, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "x-merchant-id": merchant.merchantBackendId,
            "x-deviceid": c.deviceId,
            "x-fingerprint": FINGERPRINT,
            "x-signature": createHmac("sha256", merchant.requestSigningKey)
              .update(FINGERPRINT + c.phone + c.password)
              .digest("hex"),
          },
          body: new URLSearchParams({ grant_type: "mobile_phone", number: c.phone, password: c.password }),
        }),
      )
    ).access_token;
  return { ...c, token, baseUrl };
}

async function call<T = unknown>(
  c: Customer & { baseUrl: string },
  method: string,
  route: string,
  body?: FormData | object,
  headers: Record<string, string> = {},
): Promise<T> {
  const isJson = body !== undefined && !(body instanceof FormData);
  return json<T>(
    await fetch(`${c.baseUrl}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${await c.token()}`,
        ...(isJson ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      body: isJson ? JSON.stringify(body) : body,
    }),
  );
}

async function json<T = unknown>(response: Response): Promise<T> {
  const body = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${body.slice(0, 500)}`);
  return JSON.parse(body) as T;
}
