import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createUtxoRpc, type UtxoRpc } from "../utxo-rpc.ts";

export type LocalLitecoind = {
  /** The node's wallet `hot`, with the RPC credentials in the URL (UTXO_LTC_RPC_URL). */
  rpcUrl: string;
  rpc: UtxoRpc;
  /** Mines blocks to the wallet (coinbase outputs spendable after 100). */
  mine(blocks: number): Promise<string[]>;
  stop(): Promise<void>;
};

/** One line that says what is missing and how to get it (the chain tests fail with it). */
export const LITECOIND_MISSING =
  "litecoind is not installed: apt-get install litecoind (Debian's package; .ci/run installs it)";

/**
 * Litecoin Core in regtest (Debian's `litecoind`, Bitcoin Core's RPC) on 127.0.0.1:`port`, in a
 * fresh data directory, with a funded wallet `hot`: for the tests and `CHAINS=local npm start`.
 */
export async function startLocalLitecoind(port: number): Promise<LocalLitecoind> {
  if (spawnSync("litecoind", ["-version"]).error) throw new Error(LITECOIND_MISSING);
  const dataDir = mkdtempSync(path.join(tmpdir(), "kestrel-litecoind-"));
  const child: ChildProcess = spawn(
    "litecoind",
    [
      "-regtest",
      `-datadir=${dataDir}`,
      "-rpcuser=kestrel",
      "-rpcpassword=kestrel",
      "-rpcbind=127.0.0.1",
      "-rpcallowip=127.0.0.1",
      `-rpcport=${port}`,
      "-listen=0",
      "-txindex=1",
      "-fallbackfee=0.0001",
      "-printtoconsole=0",
    ],
    { stdio: "ignore" },
  );
  // The node goes with the process that started it.
  process.once("exit", () => child.kill());
  const stop = async () => {
    if (child.exitCode === null) {
      await new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const node = createUtxoRpc(`http://kestrel:kestrel@127.0.0.1:${port}`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`litecoind exited with ${child.exitCode}`);
    try {
      await node("getblockcount");
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error("litecoind did not answer within a minute");
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const rpcUrl = `http://kestrel:kestrel@127.0.0.1:${port}/wallet/hot`;
  const rpc = createUtxoRpc(rpcUrl);
  const mine = async (blocks: number) => {
    const to = await rpc<string>("getnewaddress", ["", "bech32"]);
    return rpc<string[]>("generatetoaddress", [blocks, to]);
  };
  try {
    await node("createwallet", ["hot"]);
    // Coinbase outputs spendable after 100 blocks; mined in short calls, each well inside the
    // RPC client's timeout on a loaded machine.
    for (let mined = 0; mined < 101; mined += 25) await mine(Math.min(25, 101 - mined));
  } catch (err) {
    await stop(); // never an orphan node when the setup fails
    throw err;
  }
  return { rpcUrl, rpc, mine, stop };
}
