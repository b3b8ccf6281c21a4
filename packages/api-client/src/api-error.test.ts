import { describe, expect, it } from "vitest";
import { ApiError, fieldMessage, toApiError, unwrap } from "./index.ts";

/** What openapi-fetch resolves to: data on 2xx, the parsed error body otherwise. */
const answer = (
  status: number,
  body: { data?: unknown; error?: unknown },
  headers: Record<string, string> = {},
) =>
  Promise.resolve({
    ...body,
    response: new Response(null, { status, statusText: status === 502 ? "Bad Gateway" : "", headers }),
  });

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable("the call should have been refused"),
    (error: unknown) => error as ApiError,
  );

describe("unwrap: the API error unwrapping both apps call", () => {
  it("gives the data of a successful call", async () => {
    await expect(unwrap(answer(200, { data: { id: "a" } }))).resolves.toEqual({ id: "a" });
  });

  it("turns the server's error body into an ApiError with status, code, message, field and request id", async () => {
    const body = {
      error: "AMOUNT_TOO_LOW",
      errorId: 7,
      message: "amount: below 10",
      field: "amount",
      requestId: "r1",
    };
    const error = await caught(unwrap(answer(400, { error: body })));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "AMOUNT_TOO_LOW", message: "amount: below 10" });
    expect(error).toMatchObject({ field: "amount", requestId: "r1", retryAfterSeconds: undefined });
  });

  it("keeps the seconds a 429 asks to wait", async () => {
    const body = { error: "RATE_LIMITED", message: "Too many tries" };
    const error = await caught(unwrap(answer(429, { error: body }, { "Retry-After": "30" })));
    expect(error).toMatchObject({ status: 429, code: "RATE_LIMITED", retryAfterSeconds: 30 });
  });

  it("names a body that is not the error shape (a proxy's page) by its status text", async () => {
    const error = await caught(unwrap(answer(502, { error: "<html>" })));
    expect(error).toMatchObject({ status: 502, code: "HTTP_ERROR", message: "Bad Gateway" });
    const bare = await caught(unwrap(answer(500, { error: undefined })));
    expect(bare).toMatchObject({ status: 500, code: "HTTP_ERROR", message: "HTTP 500" });
  });

  it("makes a call that got no answer a status-0 network error with a plain message", async () => {
    const error = await caught(unwrap(Promise.reject(new TypeError("Failed to fetch"))));
    expect(error).toMatchObject({ status: 0, code: "NETWORK_ERROR" });
    expect(error.message).toMatch(/couldn't reach the server/);
  });

  it("passes an ApiError thrown by a middleware through unchanged", async () => {
    const thrown = new ApiError(401, { error: "SESSION_ENDED", message: "Signed out" });
    await expect(unwrap(Promise.reject(thrown))).rejects.toBe(thrown);
  });
});

describe("toApiError and fieldMessage", () => {
  it("falls back to the given message when the body is not the error shape", () => {
    expect(toApiError(503, "oops", "Service Unavailable")).toMatchObject({
      code: "HTTP_ERROR",
      message: "Service Unavailable",
    });
  });

  it("drops the field's name in front of a message shown under that field, capitalised", () => {
    expect(
      fieldMessage(
        new ApiError(400, { error: "E", message: "firstName: must not be empty", field: "firstName" }),
      ),
    ).toBe("Must not be empty");
    expect(fieldMessage(new ApiError(400, { error: "E", message: "too short", field: "code" }))).toBe(
      "Too short",
    );
  });
});
