import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

/** Hardhat's first well-known test account: funded with 10 000 ETH on every local node. */
export const LOCAL_EVM_FUNDED_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
/** Its second: the hot wallet of a local run (a withdrawal's sender). */
export const LOCAL_EVM_HOT_WALLET_KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
export const LOCAL_EVM_CHAIN_ID = 31337;

export type LocalEvmNode = {
  rpcUrl: string;
  rpc<T>(method: string, params?: unknown[]): Promise<T>;
  stop(): Promise<void>;
};

/**
 * A local EVM node from npm (Hardhat's EDR, its binary inside the npm package: nothing is
 * downloaded) on 127.0.0.1:`port`, for the tests and `CHAINS=local npm start`. Resolves once it
 * answers JSON-RPC.
 */
export async function startLocalEvmNode(port: number): Promise<LocalEvmNode> {
  const require = createRequire(import.meta.url);
  const cli = path.join(path.dirname(require.resolve("hardhat/package.json")), "dist/src/cli.js");
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, "node", "--hostname", "127.0.0.1", "--port", String(port)],
    {
      cwd: import.meta.dirname,
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  // The node goes with the process that started it.
  process.once("exit", () => child.kill());
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  const rpcUrl = `http://127.0.0.1:${port}`;
  let id = 0;
  const rpc = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const res = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
    });
    const body = (await res.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result as T;
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the local EVM node exited: ${stderr.trim()}`);
    try {
      await rpc("eth_blockNumber");
      return { rpcUrl, rpc, stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`the local EVM node did not answer on ${rpcUrl}: ${stderr.trim()}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
