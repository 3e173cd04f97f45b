import { Effect, Context, Layer } from "effect"

/**
 * Sending an e-mail: the seam for address verification, and for telling an address that already has an account that
 * someone signed up with it (sign-up answers the same either way: what differs is said by e-mail). This deployment has no mail server, so the default
 * implementation logs that a message would go out (to whom by account id, never the link: it holds a token).
 * A real mailer replaces this layer; nothing else changes, and the key works at once either way (spec: free plan).
 */
export const loggingMailer = {
  sendVerification: (message: { readonly accountId: string; readonly to: string; readonly link: string }): Effect.Effect<void> =>
    Effect.logInfo("e-mail verification not sent: no mail server configured").pipe(
      Effect.annotateLogs({ account_id: message.accountId })
    ),
  sendAccountExists: (message: { readonly accountId: string; readonly to: string; readonly link: string }): Effect.Effect<void> =>
    Effect.logInfo("e-mail about a sign-up with an existing address not sent: no mail server configured").pipe(
      Effect.annotateLogs({ account_id: message.accountId })
    ),
  /** An invitation to join an account; without a mail server the console shows the inviter the link to hand over. */
  sendInvitation: (message: { readonly accountId: string; readonly to: string; readonly link: string; readonly role: string }): Effect.Effect<void> =>
    Effect.logInfo("invitation e-mail not sent: no mail server configured; the link is shown to the inviter once").pipe(
      Effect.annotateLogs({ account_id: message.accountId })
    ),
  /** Whether messages really go out (false: this logging seam). */
  delivers: false as boolean
}

export class Mailer extends Context.Service<Mailer>()("kyb/Mailer", { make: Effect.succeed(loggingMailer) }) {
  static readonly Default = Layer.effect(this, this.make)
}
