import { defineConfig } from "hardhat/config";

// The local EVM node's configuration (local-evm-node.ts runs `hardhat node` here): Hardhat's
// defaults, chain id 31337, its well-known funded test accounts. Nothing is compiled or fetched.
export default defineConfig({});
