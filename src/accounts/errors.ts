import { Data } from "effect"

/** What an account operation can refuse, each with the sentence the page or the JSON answer shows. */
export class SignupDisabled extends Data.TaggedError("SignupDisabled")<{ readonly message: string }> {}
export class InvalidAccountInput extends Data.TaggedError("InvalidAccountInput")<{ readonly message: string }> {}
export class InvalidCredentials extends Data.TaggedError("InvalidCredentials")<{ readonly message: string }> {}
export class Throttled extends Data.TaggedError("Throttled")<{ readonly message: string; readonly retryAfterSeconds: number }> {}
export class KeyNotFound extends Data.TaggedError("KeyNotFound")<{ readonly message: string }> {}

/** A key already rotated: its grace period is set once. */
export class KeyInGrace extends Data.TaggedError("KeyInGrace")<{ readonly message: string }> {}
/** The account ended (deleted) while the request was on its way: nothing was made. */
export class AccountEnded extends Data.TaggedError("AccountEnded")<{ readonly message: string }> {}

/** The member's role lacks the power (403 `forbidden`). */
export class RoleForbids extends Data.TaggedError("RoleForbids")<{ readonly message: string }> {}

export type AccountError = SignupDisabled | InvalidAccountInput | InvalidCredentials | Throttled | KeyNotFound | KeyInGrace | AccountEnded | RoleForbids
