// The npm `smpp` package ships no types; these cover the part the SMPP adapter and its tests use.
declare module "smpp" {
  import type { EventEmitter } from "node:events";
  import type { Server as NetServer } from "node:net";

  export type PduFields = Record<string, unknown>;
  export class PDU {
    constructor(command: string, options?: PduFields);
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    isResponse(): boolean;
    response(options?: PduFields): PDU;
  }
  export class Session extends EventEmitter {
    send(pdu: PDU, onResponse?: (pdu: PDU) => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    [command: string]: unknown;
  }
  export interface Server extends NetServer {
    sessions: Session[];
  }
  export function connect(options: Record<string, unknown>, onConnect?: () => void): Session;
  export function createServer(onSession: (session: Session) => void): Server;
  export const encodings: {
    ASCII: { match(text: string): boolean; encode(text: string): Buffer; decode(b: Buffer): string };
  };
  export const errors: Record<string, number>;
}
