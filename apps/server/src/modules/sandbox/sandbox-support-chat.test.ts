import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { NIMBUS_MERCHANT_ID } from "../merchants/index.ts";

// 'Contact support' opens the chat the merchant's key names (the sandbox chat
// in sandbox mode), else the merchant's support address or page.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const merchantData = async (headers: Record<string, string> = {}) =>
  (await t.app.inject({ url: "/web/info?variant=merchantData", headers })).json().data;

/** What the widget's form posts. */
const postMessage = (fields: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url: "/sandbox/support-chat/messages",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });

const chatPage = (url: string, cookie?: string) =>
  t.app.inject({ url, ...(cookie ? { headers: { cookie } } : {}) });

describe("support contact in the merchant data", () => {
  it("names the chat widget of the merchant's key, and the address of one without a key", async () => {
    expect(await merchantData({ "x-merchant-id": NIMBUS_MERCHANT_ID })).toMatchObject({
      supportChatKey: "nimbus-support",
      supportChatUrl: "/sandbox/support-chat?key=nimbus-support",
      supportUrl: "https://help.nimbus.example/",
    });
    expect(await merchantData()).toMatchObject({
      supportChatKey: null,
      supportChatUrl: null,
      supportEmail: "support@kestrel.example",
    });
  });
});

describe("the sandbox support chat", () => {
  it("is framed by our own pages only, and keeps the visitor's conversation in a cookie", async () => {
    const page = await chatPage("/sandbox/support-chat?key=nimbus-support");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Nimbus Pay support");
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(page.headers["content-security-policy"]).not.toContain("script-src 'unsafe-inline'");
    expect(String(page.headers["set-cookie"])).toMatch(
      /kestrel_sandbox_chat=[0-9a-f-]{36}; Path=\/sandbox\/support-chat; HttpOnly/,
    );
  });

  it("keeps a message and answers it automatically, in that visitor's conversation only", async () => {
    const first = await chatPage("/sandbox/support-chat?key=nimbus-support");
    const cookie = String(first.headers["set-cookie"]).split(";")[0] as string;
    const conversation = cookie.split("=")[1] as string;
    const sent = await postMessage({ key: "nimbus-support", conversation, message: "Where is my <card>?" });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe("/sandbox/support-chat?key=nimbus-support");
    const after = await chatPage("/sandbox/support-chat?key=nimbus-support", cookie);
    expect(after.body).toContain("Where is my &lt;card&gt;?"); // escaped, never markup
    expect(after.body).toContain("Thanks for writing to Nimbus Pay support");
    expect(after.headers["set-cookie"]).toBeUndefined();
    const stranger = await chatPage("/sandbox/support-chat?key=nimbus-support");
    expect(stranger.body).not.toContain("Where is my");
  });

  it("says a key of no merchant is not set up, and keeps nothing sent to it", async () => {
    const page = await chatPage("/sandbox/support-chat?key=nobody");
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain("This support chat is not set up");
    const sent = await postMessage({
      key: "nobody",
      conversation: "0193a9e0-0000-7000-8000-000000000009",
      message: "hi",
    });
    expect(sent.statusCode).toBe(303);
    const kept = await t.database.pool.query(
      "select 1 from sandbox_support_chat_messages where chat_key = 'nobody'",
    );
    expect(kept.rowCount).toBe(0);
  });

  it("refuses an empty message with a note on the page, and a bad conversation id with 400", async () => {
    const empty = await postMessage({
      key: "nimbus-support",
      conversation: "0193a9e0-0000-7000-8000-000000000009",
      message: " ",
    });
    expect(empty.headers.location).toContain("error=Please+type+a+message.");
    const bad = await postMessage({ key: "nimbus-support", conversation: "nope", message: "hi" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "conversation" });
  });
});
