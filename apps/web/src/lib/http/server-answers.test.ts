import { afterEach, describe, expect, it } from "vitest";
import { readServerAnswers } from "./server-answers.ts";

// Issue 32: the answers the server put in index.html, read once at the app's start.
afterEach(() => document.getElementById("k-server-answers")?.remove());

function pageWith(text: string) {
  const script = document.createElement("script");
  script.id = "k-server-answers";
  script.type = "application/json";
  script.textContent = text;
  document.head.append(script);
}

describe("answers sent with the page", () => {
  it("are read by path", () => {
    pageWith(JSON.stringify({ "/location": { status: 200, body: { country: "DE" } } }));
    expect(readServerAnswers()).toEqual({ "/location": { status: 200, body: { country: "DE" } } });
  });

  it("are none without the script (vite dev, tests) or when it does not parse", () => {
    expect(readServerAnswers()).toEqual({});
    pageWith("{not json");
    expect(readServerAnswers()).toEqual({});
  });
});
