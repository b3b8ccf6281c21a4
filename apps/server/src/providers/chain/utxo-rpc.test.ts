import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUtxoRpc, UtxoRpcError } from "./utxo-rpc.ts";

// What a Bitcoin Core JSON-RPC client makes of a node's answers: a refusal is the node's error,
// anything that is no JSON-RPC answer (or no answer) is a 503 with Retry-After, never a 500.

let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const auth = req.headers.authorization ?? "";
    if (auth !== `Basic ${Buffer.from("user:pass").toString("base64")}`) {
      res.writeHead(401).end(); // Bitcoin Core's answer to wrong credentials: no body
    } else if (req.url === "/proxy-down") {
      res.writeHead(502, { "content-type": "text/html" }).end("<h1>Bad Gateway</h1>");
    } else {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ result: null, error: { code: -5, message: "No such transaction" }, id: 1 }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const unavailable = { code: "SERVICE_UNAVAILABLE", status: 503, headers: { "retry-after": "30" } };

describe("the Bitcoin Core JSON-RPC client", () => {
  it("hands the node's refusal on as its error code", async () => {
    const rpc = createUtxoRpc(url.replace("//", "//user:pass@"));
    const err = await rpc("getrawtransaction", ["00"]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UtxoRpcError);
    expect(err).toMatchObject({ code: -5 });
  });

  it("is a 503 with Retry-After for wrong credentials, a proxy's error page and a node that is down", async () => {
    await expect(createUtxoRpc(url.replace("//", "//user:wrong@"))("getblockcount")).rejects.toMatchObject(
      unavailable,
    );
    await expect(
      createUtxoRpc(`${url.replace("//", "//user:pass@")}/proxy-down`)("getblockcount"),
    ).rejects.toMatchObject(unavailable);
    server.closeAllConnections();
    const down = await new Promise<string>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const { port } = s.address() as AddressInfo;
        s.close(() => resolve(`http://user:pass@127.0.0.1:${port}`));
      });
    });
    await expect(createUtxoRpc(down)("getblockcount")).rejects.toMatchObject(unavailable);
  });
});
