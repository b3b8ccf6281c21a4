/** Sends text messages to phones. The sandbox keeps them in an outbox a tester can read. */
export interface SmsProvider {
  send(message: { merchantId: string; phone: string; body: string }): Promise<void>;
}
