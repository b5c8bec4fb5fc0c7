import type { Logger } from "pino";
import type { Config } from "../../config.ts";

export type MailMessage = { to: string; subject: string; text: string };
export type Mailer = {
  send(message: MailMessage): Promise<void>;
  /** False when mail only goes to the log (no WEFT_SMTP_URL): no one but the operator reads it. */
  delivers?: boolean;
};

/**
 * SMTP when WEFT_SMTP_URL is set; otherwise the message is logged, so an operator without a
 * mail server can still read a passcode from the server's output.
 */
export function createMailer(config: Config, logger: Logger): Mailer {
  if (!config.smtpUrl) {
    return {
      delivers: false,
      async send(message) {
        logger.warn(
          { to: message.to, subject: message.subject, body: message.text },
          "mail (no WEFT_SMTP_URL set)",
        );
      },
    };
  }
  const smtpUrl = config.smtpUrl;
  // nodemailer loads with the first message: a process that sends none (a CLI command) skips it.
  let transport: Promise<import("nodemailer").Transporter> | undefined;
  return {
    async send(message) {
      transport ??= import("nodemailer").then(({ default: nodemailer }) =>
        nodemailer.createTransport(smtpUrl),
      );
      await (await transport).sendMail({ from: config.mailFrom, ...message });
    },
  };
}
