import { mutationTarget } from "./base.mjs";

// The web's shared input and modal code and the typing rules they apply.
export default mutationTarget({
  name: "web",
  dir: "apps/web",
  vitestConfig: "stryker/web.vitest.config.ts",
  mutate: [
    "apps/web/src/components/OtpInput.tsx",
    "apps/web/src/components/AmountInput.tsx",
    "apps/web/src/components/modal/Modal.tsx",
    "apps/web/src/components/modal/use-inert-background.ts",
    "apps/web/src/lib/format/amount-input-rules.ts",
    "apps/web/src/lib/format/sanitize-free-text.ts",
  ],
  breakAt: 85,
});
