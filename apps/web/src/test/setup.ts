import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { loadModalDialog } from "../components/modal/modal-dialog-loader.ts";

// The dialog code loads on a modal's first open in the app (modal-dialog-loader.ts); tests get it
// beforehand, so a modal opens in the same render as there once loaded. Modal.test.tsx covers the
// first open without it.
await loadModalDialog();

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
