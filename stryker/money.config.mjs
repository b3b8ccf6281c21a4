import { mutationTarget } from "./base.mjs";

export default mutationTarget({
  name: "money",
  dir: "packages/money",
  mutate: ["packages/money/src/**/*.ts", "!packages/money/src/**/*.test.ts"],
  breakAt: 95,
});
