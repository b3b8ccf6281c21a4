import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { loadModalDialog } from "../components/modal/modal-dialog-loader.ts";

// The dialog code loads on a modal's first open in the app (modal-dialog-loader.ts); tests get it
// beforehand, so a modal opens in the same render as there once loaded. Modal.test.tsx covers the
// first open without it.
await loadModalDialog();

// Screens load with their route (app/lazy-page.ts): the first render of a screen in a test run
// waits for its module, which a busy machine may take more than the default second to prepare.
configure({ asyncUtilTimeout: 5_000 });

// A test that renders the app without its own fetch would reach a real server at
// http://localhost:3000 (/web/info...), and its outcome would depend on what runs on the machine.
// Each test starts with a fetch that refuses; a test that needs answers stubs its own
// (test/fake-config-service.ts, test/fake-accounts.ts). A call that reached this one fails the test.
let unstubbedCalls: string[] = [];
beforeEach(() => {
  unstubbedCalls = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : undefined;
    const call = `${init?.method ?? request?.method ?? "GET"} ${request?.url ?? String(input)}`;
    unstubbedCalls.push(call);
    throw new TypeError(`fetch is not stubbed in this test: ${call}`);
  });
});

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  const calls = unstubbedCalls;
  unstubbedCalls = [];
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  document.documentElement.removeAttribute("style");
  document.title = "";
  if (calls.length > 0) {
    throw new Error(`the test called fetch without stubbing it: ${[...new Set(calls)].join(", ")}`);
  }
});
