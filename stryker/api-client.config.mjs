import { mutationTarget } from "./base.mjs";

export default mutationTarget({
  name: "api-client",
  dir: "packages/api-client",
  mutate: [
    "packages/api-client/src/**/*.ts",
    "!packages/api-client/src/**/*.test.ts",
    "!packages/api-client/src/testing/**",
  ],
  breakAt: 90,
});
