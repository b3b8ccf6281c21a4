import { useEffect, useState } from "react";

// Radix and the dialog frame (ModalDialog.tsx) load on the first open of any modal, or earlier on
// the visitor's first tap or key press (most modals open from a click, so its download overlaps
// the click's own work), never with a page's first load (the budget, docs/web-performance.md).
type DialogModule = typeof import("./ModalDialog.tsx");

let dialog: DialogModule | undefined;
let loading: Promise<DialogModule> | undefined;

/** Loads the dialog code once; a failed download (offline) is tried again at the next open. */
export function loadModalDialog(): Promise<DialogModule> {
  loading ??= import("./ModalDialog.tsx").then(
    (loaded) => {
      dialog = loaded;
      return loaded;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** True once the dialog code is there. */
export function modalDialogLoaded(): boolean {
  return dialog !== undefined;
}

/** Tests only: back to before the first open (test/setup.ts loads the code for the others). */
export function forgetModalDialog(): void {
  dialog = undefined;
  loading = undefined;
}

/** Starts the download at the first pointer or key press on the page (main.tsx). */
export function loadModalDialogOnFirstInput(target: EventTarget): void {
  const start = () => {
    target.removeEventListener("pointerdown", start, true);
    target.removeEventListener("keydown", start, true);
    loadModalDialog().catch(() => undefined); // tried again when a modal opens
  };
  target.addEventListener("pointerdown", start, true);
  target.addEventListener("keydown", start, true);
}

/** The dialog code once loaded; asking with `open` starts the download. */
export function useModalDialog(open: boolean): DialogModule | undefined {
  const [loaded, setLoaded] = useState(() => dialog);
  useEffect(() => {
    if (loaded || !open) return;
    let current = true;
    loadModalDialog().then(
      (module) => current && setLoaded(module),
      () => undefined, // offline: the modal stays closed, and the next open tries again
    );
    return () => {
      current = false;
    };
  }, [loaded, open]);
  return loaded;
}
