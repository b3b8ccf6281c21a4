import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { fakeFile, kycDriver, multipartBody } from "./kyc.test-helpers.ts";

let t: TestApp;
let k: ReturnType<typeof kycDriver>;
let widget: string;
let customerId: string;
beforeAll(async () => {
  t = await createTestApp();
  k = kycDriver(t);
  const c = await k.customer("Lovelace");
  customerId = c.customerId;
  widget = await k.widgetToken(c.token);
});
afterAll(() => t.close());

const front = { docType: "PASSPORT_FRONT", issuedDate: "2022-05-01", issuedCountry: "DE" };
const documentRows = async () =>
  (
    await t.database.pool.query("select count(*)::int as n from kyc_documents where customer_id = $1", [
      customerId,
    ])
  ).rows[0].n;

describe("document upload", () => {
  it("stores a JPEG, PNG or PDF with its checksum under DATA_DIR/blobs, and shows it to its owner only", async () => {
    const file = fakeFile("png", 5000);
    const res = await k.upload(widget, front, file);
    expect(res.statusCode).toBe(200);
    const { documentId } = res.json();
    expect(res.json()).toEqual({ result: "OK", documentId: expect.any(String) });
    const [row] = (
      await t.database.pool.query(
        "select *, issued_date::text as issued_date from kyc_documents where id = $1",
        [documentId],
      )
    ).rows;
    expect(row).toMatchObject({
      content_type: "image/png",
      size_bytes: "5000",
      sha256: createHash("sha256").update(file).digest("hex"),
      issued_country: "DE",
      issued_date: "2022-05-01",
    });
    const stored = path.join(t.config.dataDir, "blobs", row.blob_key);
    expect(existsSync(stored)).toBe(true);
    expect((await readFile(stored)).equals(file)).toBe(true);

    const mine = await t.app.inject({ url: `/v1/kyc/documents/${documentId}`, headers: k.bearer(widget) });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["content-type"]).toBe("image/png");
    expect(mine.headers["cache-control"]).toBe("private, no-store");
    expect(mine.rawPayload.equals(file)).toBe(true);

    const other = await k.customer("Byron");
    const theirs = await t.app.inject({
      url: `/v1/kyc/documents/${documentId}`,
      headers: k.bearer(other.token),
    });
    expect(theirs.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/v1/kyc/documents/${documentId}` })).statusCode).toBe(401);

    expect(
      (await k.upload(widget, { ...front, docType: "BANK_STATEMENT" }, fakeFile("pdf"))).statusCode,
    ).toBe(200);
    expect((await k.upload(widget, { docType: "SELFIE" }, fakeFile("jpeg"))).statusCode).toBe(200);
  });

  it.each([
    ["a GIF", front, fakeFile("gif"), 415, "DOCUMENT_TYPE_NOT_SUPPORTED", "image"],
    [
      "an HTML file called .jpg",
      front,
      Buffer.from("<html><script>alert(1)</script>"),
      415,
      "DOCUMENT_TYPE_NOT_SUPPORTED",
      "image",
    ],
    [
      "a PDF as a selfie",
      { docType: "SELFIE" },
      fakeFile("pdf"),
      415,
      "DOCUMENT_TYPE_NOT_SUPPORTED",
      "image",
    ],
    ["an empty file", front, Buffer.alloc(0), 400, "NOT_VALID_REQUEST_DATA", "image"],
    [
      "a future issue date",
      { ...front, issuedDate: "2999-01-01" },
      fakeFile("jpeg"),
      400,
      "NOT_VALID_REQUEST_DATA",
      "issuedDate",
    ],
    [
      "an impossible date",
      { ...front, issuedDate: "2021-02-30" },
      fakeFile("jpeg"),
      400,
      "NOT_VALID_REQUEST_DATA",
      "issuedDate",
    ],
    [
      "no issue date",
      { docType: "ID_CARD_FRONT", issuedCountry: "DE" },
      fakeFile("jpeg"),
      400,
      "NOT_VALID_REQUEST_DATA",
      "issuedDate",
    ],
    [
      "no country",
      { docType: "ID_CARD_FRONT", issuedDate: "2020-01-01" },
      fakeFile("jpeg"),
      400,
      "NOT_VALID_REQUEST_DATA",
      "issuedCountry",
    ],
    [
      "a country name",
      { ...front, issuedCountry: "Germany" },
      fakeFile("jpeg"),
      400,
      "NOT_VALID_REQUEST_DATA",
      "issuedCountry",
    ],
    [
      "an unknown country",
      { ...front, issuedCountry: "XX" },
      fakeFile("jpeg"),
      400,
      "NOT_VALID_REQUEST_DATA",
      "issuedCountry",
    ],
    [
      "a blocked country",
      { ...front, issuedCountry: "IR" },
      fakeFile("jpeg"),
      400,
      "COUNTRY_NOT_ACCEPTED",
      "issuedCountry",
    ],
    [
      "an unknown document type",
      { ...front, docType: "VIDEO_VERIFICATION" },
      fakeFile("jpeg"),
      400,
      "NOT_VALID_REQUEST_DATA",
      "docType",
    ],
  ])("refuses %s naming the field, storing nothing", async (_name, query, file, status, error, field) => {
    const before = await documentRows();
    const res = await k.upload(widget, query as Record<string, string>, file);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ error, field });
    expect(await documentRows()).toBe(before);
  });

  it("refuses a file over 10 MB with 413, and accepts one of exactly 10 MB", async () => {
    const limit = 10 * 1024 * 1024;
    const over = await k.upload(widget, front, fakeFile("jpeg", limit + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ error: "DOCUMENT_TOO_LARGE", field: "image" });
    expect((await k.upload(widget, front, fakeFile("jpeg", limit))).statusCode).toBe(200);
  });

  it("refuses another customer's document (the same file)", async () => {
    const shared = fakeFile("jpeg");
    expect((await k.upload(widget, { ...front, docType: "ID_CARD_BACK" }, shared)).statusCode).toBe(200);
    const other = await k.customer("Byron");
    const res = await k.upload(await k.widgetToken(other.token), front, shared);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: "DOCUMENT_OF_ANOTHER_CUSTOMER", field: "image" });
    // The same customer may send the same photo again (a retake that came out the same).
    expect((await k.upload(widget, front, shared)).statusCode).toBe(200);
  });

  it("needs a multipart body with the file in `image`, and a token", async () => {
    const wrongField = await k.upload(widget, front, fakeFile("jpeg"), "file");
    expect(wrongField.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "image" });
    const json = await t.app.inject({
      method: "POST",
      url: `/v1/kyc/upload/document?${new URLSearchParams(front)}`,
      headers: k.bearer(widget),
      payload: { image: "aGVsbG8=" },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ field: "image" });
    const { body, contentType } = multipartBody(fakeFile("jpeg"));
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/v1/kyc/upload/document?${new URLSearchParams(front)}`,
      headers: { "content-type": contentType },
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("refuses a second file in the same request with 400 naming image, storing nothing", async () => {
    const boundary = "----kyc-two-files";
    const part = (field: string, file: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="p.png"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        file,
        Buffer.from("\r\n"),
      ]);
    for (const second of ["image", "other"]) {
      const before = await documentRows();
      const res = await t.app.inject({
        method: "POST",
        url: `/v1/kyc/upload/document?${new URLSearchParams(front)}`,
        headers: { ...k.bearer(widget), "content-type": `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          part("image", fakeFile("png", 3000)),
          part(second, fakeFile("jpeg", 3000)),
          Buffer.from(`--${boundary}--\r\n`),
        ]),
      });
      expect({ status: res.statusCode, body: res.json() }).toMatchObject({
        status: 400,
        body: { error: "NOT_VALID_REQUEST_DATA", field: "image" },
      });
      expect(await documentRows()).toBe(before);
    }
  });

  it("refuses uploads before the profile is complete", async () => {
    const c = await k.customer();
    const res = await k.upload(c.token, front, fakeFile("jpeg"));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: "PROFILE_INCOMPLETE" });
  });
});
