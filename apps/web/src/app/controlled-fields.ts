import { options } from "preact";

/**
 * React keeps a controlled field showing its `value`: when a keystroke is refused (the amount
 * field's 9th decimal, a letter in a code box) the state does not change and React puts the old
 * text back. Preact (apps/web/preact-aliases.ts) leaves the refused text in the field, so this
 * restores React's rule for the whole app: after an `input` event and the re-render it causes, a
 * field whose text differs from the `value` it was last rendered with gets that value back.
 * Accepted keystrokes are untouched (the caret stays where the customer typed).
 */

/** The `value` each controlled field was last rendered with. */
const rendered = new WeakMap<EventTarget, string>();

// `__e` is a rendered vnode's DOM element: Preact's mangled name for `_dom`, the one its own
// add-ons (@preact/signals, prefresh) read; the test of this file fails if it ever changes.
type RenderedVNode = { type: unknown; props: { value?: unknown }; __e?: EventTarget | null };

const FIELDS = new Set(["input", "textarea", "select"]);

let installed = false;

export function keepControlledFields(): void {
  if (installed) return;
  installed = true;
  const previousDiffed = options.diffed;
  options.diffed = (vnode) => {
    const { type, props, __e: element } = vnode as unknown as RenderedVNode;
    if (element && typeof type === "string" && FIELDS.has(type)) {
      if (props.value === undefined || props.value === null) rendered.delete(element);
      else rendered.set(element, String(props.value));
    }
    previousDiffed?.(vnode);
  };
  // On the document, so it runs after the field's own handler; the microtask runs after the
  // re-render that handler queued (Preact renders in a microtask queued before this one).
  document.addEventListener("input", (event) => {
    const field = event.target as HTMLInputElement | null;
    if (!field) return;
    queueMicrotask(() => {
      const value = rendered.get(field);
      if (value !== undefined && field.value !== value) field.value = value;
    });
  });
}
