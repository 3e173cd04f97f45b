import { Effect } from "effect"
import { InvalidCredentials, Throttled } from "./errors.js"
import { verifyPassword } from "./passwords.js"
import type { Throttle } from "./Throttle.js"

/**
 * A signed-in member types their password again (turning the second factor off, changing the password, deleting the
 * account): throttled as a log-in of their address is, on the same budget (a stolen session guesses no faster than a
 * stranger at the log-in form); a right password gives its unit back.
 */
export const reauthenticate = (
  throttle: Throttle["Service"],
  login: { readonly email: string; readonly password_hash: string } | undefined,
  password: string,
  wrong: string
) =>
  Effect.gen(function*() {
    if (login === undefined) return yield* new InvalidCredentials({ message: wrong })
    const address = login.email.trim().toLowerCase()
    const wait = yield* throttle.take("login_email", address)
    if (wait > 0) return yield* new Throttled({ message: `Too many attempts; try again in ${wait} s.`, retryAfterSeconds: wait })
    if (!(yield* verifyPassword(password, login.password_hash))) return yield* new InvalidCredentials({ message: wrong })
    yield* throttle.giveBack("login_email", address)
  })
