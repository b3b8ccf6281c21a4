import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";

export const SSHD = "/usr/sbin/sshd";

/** A real OpenSSH SFTP server for one test file: its own host key, one authorized key, temp folders. */
export type TestSftpServer = {
  port: number;
  username: string;
  privateKey: string;
  hostKeySha256: string;
  /** The bank's side of the folders (a path on this machine) and the client's path to the same. */
  local: (folder: string) => string;
  remote: (folder: string) => string;
  stop: () => Promise<void>;
};

export async function startSftpServer(folders: string[]): Promise<TestSftpServer> {
  const dir = mkdtempSync(join(tmpdir(), "kestrel-sftp-"));
  const keygen = (file: string) =>
    execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", join(dir, file)]);
  keygen("host_key");
  keygen("client_key");
  writeFileSync(join(dir, "authorized_keys"), readFileSync(join(dir, "client_key.pub")));
  const hostKeySha256 =
    execFileSync("ssh-keygen", ["-lf", join(dir, "host_key.pub")], {
      encoding: "utf8",
    }).split(" ")[1] ?? "";

  // The session runs as the current user in a temp folder (a ChrootDirectory would need every
  // folder above it root-owned and not world-writable, which /tmp is not). As root, sshd needs
  // its privilege separation folder, which a container may lack.
  const home = join(dir, "home");
  for (const f of folders) mkdirSync(join(home, f), { recursive: true });
  if (process.getuid?.() === 0) mkdirSync("/run/sshd", { recursive: true, mode: 0o755 });

  const port = await freePort();
  const username = userInfo().username;
  const config = [
    `Port ${port}`,
    "ListenAddress 127.0.0.1",
    `HostKey ${join(dir, "host_key")}`,
    `PidFile ${join(dir, "sshd.pid")}`,
    `AuthorizedKeysFile ${join(dir, "authorized_keys")}`,
    "PubkeyAuthentication yes",
    "PasswordAuthentication no",
    "KbdInteractiveAuthentication no",
    "UsePAM no",
    "StrictModes no",
    "PermitRootLogin prohibit-password",
    `AllowUsers ${username}`,
    "Subsystem sftp internal-sftp",
    `ForceCommand internal-sftp -d ${home}`,
  ];
  writeFileSync(join(dir, "sshd_config"), `${config.join("\n")}\n`);

  const sshd: ChildProcess = spawn(SSHD, ["-D", "-e", "-f", join(dir, "sshd_config")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  sshd.stderr?.on("data", (d: Buffer) => {
    log += d.toString();
  });
  await waitForPort(port, () => log);

  return {
    port,
    username,
    privateKey: readFileSync(join(dir, "client_key"), "utf8"),
    hostKeySha256,
    local: (folder) => join(home, folder),
    remote: (folder) => join(home, folder),
    async stop() {
      const ended = new Promise((resolve) => sshd.once("exit", resolve));
      sshd.kill("SIGTERM");
      await ended;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function waitForPort(port: number, log: () => string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`sshd did not listen on ${port}: ${log()}`);
}
