import { afterEach, describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { ApiError } from "./api-error.ts";
import { getJson } from "./request-json.ts";
import { resetServerAnswers } from "./server-answers.ts";

// Issue 32: the answers the server put in index.html stand for the first fetch of their path.
const schema = z.object({ title: z.string() });

function shellWith(answers: Record<string, unknown>) {
  const script = document.createElement("script");
  script.id = "k-server-answers";
  script.type = "application/json";
  script.textContent = JSON.stringify(answers);
  document.head.append(script);
  resetServerAnswers();
}

afterEach(() => {
  document.getElementById("k-server-answers")?.remove();
  resetServerAnswers();
  vi.unstubAllGlobals();
});

describe("answers sent with the page", () => {
  it("answer the first call of their path without the network, then the network answers", async () => {
    shellWith({ "/web/info?variant=a": { status: 200, body: { title: "Nimbus Pay" } } });
    const fetch = vi.fn(async () => Response.json({ title: "fetched" }));
    vi.stubGlobal("fetch", fetch);
    await expect(getJson("/web/info?variant=a", { schema })).resolves.toEqual({ title: "Nimbus Pay" });
    expect(fetch).not.toHaveBeenCalled();
    await expect(getJson("/web/info?variant=a", { schema })).resolves.toEqual({ title: "fetched" });
    await expect(getJson("/web/info?variant=b", { schema })).resolves.toEqual({ title: "fetched" });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("are checked like fetched ones: an error status is an ApiError, a wrong body fails the schema", async () => {
    shellWith({
      "/location": { status: 400, body: { success: false, code: "NOT_VALID_REQUEST_DATA", message: "bad" } },
      "/web/screens": { status: 200, body: { title: 3 } },
    });
    vi.stubGlobal("fetch", vi.fn());
    await expect(getJson("/location", { schema })).rejects.toBeInstanceOf(ApiError);
    await expect(getJson("/web/screens", { schema })).rejects.toThrow();
  });

  it("leave every call to the network when the page has none (vite dev, tests)", async () => {
    const fetch = vi.fn(async () => Response.json({ title: "fetched" }));
    vi.stubGlobal("fetch", fetch);
    await expect(getJson("/web/info?variant=a", { schema })).resolves.toEqual({ title: "fetched" });
    expect(fetch).toHaveBeenCalledOnce();
  });
});
