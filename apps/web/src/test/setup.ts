import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { keepControlledFields } from "../app/controlled-fields.ts";

// As in main.tsx: controlled fields keep their value under Preact (app/controlled-fields.ts).
keepControlledFields();

// Screens load with their route (app/lazy-page.ts): the first render of a screen in a test run
// waits for its module, which a busy machine may take more than the default second to prepare.
configure({ asyncUtilTimeout: 5_000 });

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  document.documentElement.removeAttribute("style");
  document.title = "";
});
