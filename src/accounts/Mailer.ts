import { Effect } from "effect"

/**
 * Sending an e-mail: the seam for address verification. This deployment has no mail server, so the default
 * implementation logs that a message would go out (to whom by account id, never the link: it holds a token).
 * A real mailer replaces this layer; nothing else changes, and the key works at once either way (spec: free plan).
 */
export const loggingMailer = {
  sendVerification: (message: { readonly accountId: string; readonly to: string; readonly link: string }): Effect.Effect<void> =>
    Effect.logInfo("e-mail verification not sent: no mail server configured").pipe(
      Effect.annotateLogs({ account_id: message.accountId })
    )
}

export class Mailer extends Effect.Service<Mailer>()("kyb/Mailer", { succeed: loggingMailer }) {}
