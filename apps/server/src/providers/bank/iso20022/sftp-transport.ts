import { createHash } from "node:crypto";
import SftpClient from "ssh2-sftp-client";
import { BankFileError } from "./iso20022-errors.ts";

/** Host-to-host SFTP to the bank: where we drop payment files and where it drops its reports. */
export type SftpBankConfig = {
  host: string;
  port: number;
  username: string;
  /** OpenSSH private key (PEM/OpenSSH text) our public key at the bank belongs to. */
  privateKey: string;
  /** The bank's host key as `ssh-keygen -lf` prints it ("SHA256:..."): any other is refused. */
  hostKeySha256: string;
  /** Folder the bank collects our pain.001 files from. */
  outbox: string;
  /** Folder the bank drops camt.053, camt.054 and pain.002 files in. */
  inbox: string;
  /** Folder our handled inbox files move to (acknowledge), so the next poll skips them. */
  processed: string;
};

/** How bank files travel (SFTP today; EBICS or an API would implement the same). */
export interface BankFileTransport {
  /** Places a file in the outbox once: the same name and content again is ALREADY_SENT. */
  upload(name: string, content: string): Promise<"SENT" | "ALREADY_SENT">;
  /** The names of the files waiting in the inbox, oldest first. */
  listInbox(): Promise<string[]>;
  download(name: string): Promise<string>;
  /** Marks an inbox file handled by moving it to the processed folder. */
  acknowledge(name: string): Promise<void>;
}

// A file name we write or read: no path separators, no hidden or partial files.
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

export function createSftpBankTransport(config: SftpBankConfig): BankFileTransport {
  /** One SSH connection per call: a bank poll is a few calls a minute, and nothing stays open. */
  async function session<T>(work: (sftp: SftpClient) => Promise<T>): Promise<T> {
    const sftp = new SftpClient("kestrel-bank");
    await sftp.connect({
      host: config.host,
      port: config.port,
      username: config.username,
      privateKey: config.privateKey,
      readyTimeout: 10_000,
      // Pinning the bank's host key: payment files must never go to a server that only claims to be it.
      hostVerifier: (key: Buffer) => fingerprint(key) === config.hostKeySha256,
    });
    try {
      return await work(sftp);
    } finally {
      await sftp.end();
    }
  }

  return {
    upload(name, content) {
      checkName(name);
      const target = `${config.outbox}/${name}`;
      const body = Buffer.from(content, "utf8");
      return session(async (sftp) => {
        if (await sftp.exists(target)) {
          const there = (await sftp.get(target)) as Buffer;
          if (there.equals(body)) return "ALREADY_SENT";
          throw new BankFileError(
            "FILE_CONFLICT",
            `${name}: already in the bank's outbox with other content`,
          );
        }
        // Written under a hidden name, then renamed: the bank never collects half a file.
        const partial = `${config.outbox}/.${name}.part`;
        await sftp.put(body, partial);
        await sftp.rename(partial, target);
        return "SENT";
      });
    },

    listInbox() {
      return session(async (sftp) => {
        const files = await sftp.list(config.inbox);
        return files
          .filter((f) => f.type === "-" && FILE_NAME.test(f.name))
          .sort((a, b) => a.modifyTime - b.modifyTime || a.name.localeCompare(b.name))
          .map((f) => f.name);
      });
    },

    download(name) {
      checkName(name);
      return session(async (sftp) =>
        ((await sftp.get(`${config.inbox}/${name}`)) as Buffer).toString("utf8"),
      );
    },

    acknowledge(name) {
      checkName(name);
      return session(async (sftp) => {
        const target = `${config.processed}/${name}`;
        // A bank may reuse a file name on another day: keep both rather than overwrite.
        const free = (await sftp.exists(target)) ? `${target}.${Date.now()}` : target;
        await sftp.rename(`${config.inbox}/${name}`, free);
      });
    },
  };
}

/** OpenSSH's fingerprint of a public key blob: "SHA256:" and unpadded base64 of its SHA-256. */
function fingerprint(publicKeyBlob: Buffer): string {
  return `SHA256:${createHash("sha256").update(publicKeyBlob).digest("base64").replace(/=+$/, "")}`;
}

function checkName(name: string): void {
  if (!FILE_NAME.test(name)) throw new BankFileError("INVALID_ORDER", `file name: not allowed (${name})`);
}
