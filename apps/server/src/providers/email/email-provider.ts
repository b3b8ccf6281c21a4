/** Sends emails. The sandbox keeps them in an outbox a tester can read. */
export interface EmailProvider {
  send(message: { merchantId: string; to: string; subject: string; body: string }): Promise<void>;
}
