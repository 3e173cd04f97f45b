import { ZxcvbnFactory } from "@zxcvbn-ts/core"
import type * as Common from "@zxcvbn-ts/language-common"
import type * as En from "@zxcvbn-ts/language-en"
import { createRequire } from "node:module"

/** What an account's inputs must be (sign-up, log-in, password change, key rotation). Pure: unit-tested. */

export const MIN_PASSWORD_LENGTH = 10
/** scrypt takes any length; a bound keeps a hostile body from costing much. */
export const MAX_PASSWORD_LENGTH = 200
const MAX_EMAIL_LENGTH = 254
const MAX_LABEL_LENGTH = 80

export type Checked<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly problem: string }

const ok = <A>(value: A): Checked<A> => ({ ok: true, value })
const problem = (text: string): Checked<never> => ({ ok: false, problem: text })

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

/** An e-mail address as sent (trimmed) and the form it is unique by (lower case). */
export const checkEmail = (raw: string): Checked<{ readonly email: string; readonly lower: string }> => {
  const email = raw.trim()
  if (email === "") return problem("An e-mail address is required.")
  if (email.length > MAX_EMAIL_LENGTH || CONTROL.test(email) || /\s/.test(email)) return problem("That is not an e-mail address.")
  const at = email.lastIndexOf("@")
  const local = email.slice(0, at)
  const domain = email.slice(at + 1)
  if (at <= 0 || local.length > 64 || local.includes("@") || !/^[^.@][^@]*\.[a-z]{2,}$/i.test(domain) || domain.includes("..")) {
    return problem("That is not an e-mail address.")
  }
  return ok({ email, lower: email.toLowerCase() })
}

/** The lowest zxcvbn score (0-4) a password may have: 3 is "safely unguessable: moderate protection from offline attacks". */
export const MIN_PASSWORD_SCORE = 3

const load = createRequire(import.meta.url)

/**
 * Built on first use: the dictionaries (common passwords, English words and names) take a moment to index, and are
 * only loaded then (about 11 MB of heap, for the life of the process: an instance that never checks a password never
 * holds them).
 */
let estimator: ZxcvbnFactory | undefined
const makeEstimator = () => {
  const common = load("@zxcvbn-ts/language-common") as typeof Common
  const en = load("@zxcvbn-ts/language-en") as typeof En
  return new ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary }
  })
}
const strength = (password: string, userInputs: ReadonlyArray<string>) => (estimator ??= makeEstimator()).check(password, [...userInputs])

export const checkPassword = (password: string, email: string): Checked<string> => {
  const length = [...password].length
  if (length < MIN_PASSWORD_LENGTH) return problem(`The password needs at least ${MIN_PASSWORD_LENGTH} characters.`)
  if (length > MAX_PASSWORD_LENGTH) return problem(`The password may have at most ${MAX_PASSWORD_LENGTH} characters.`)
  if (CONTROL.test(password)) return problem("The password contains a control character.")
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) return problem("The password must not be the e-mail address.")
  const local = email.trim().toLowerCase().split("@")[0] ?? ""
  const estimate = strength(password, [email.trim().toLowerCase(), local, "kyb", "kyb africa"])
  if (estimate.score < MIN_PASSWORD_SCORE) {
    const why = estimate.feedback.warning ?? "It follows a pattern that is easy to guess."
    return problem(`The password is too easy to guess. ${why} ${estimate.feedback.suggestions.join(" ")}`.trim())
  }
  return ok(password)
}

/** A key's label: optional, one line, short. */
export const checkLabel = (raw: string | undefined): Checked<string | null> => {
  const label = (raw ?? "").trim()
  if (label === "") return ok(null)
  if (CONTROL.test(label)) return problem("The label contains a control character.")
  if ([...label].length > MAX_LABEL_LENGTH) return problem(`The label may have at most ${MAX_LABEL_LENGTH} characters.`)
  return ok(label)
}

/** How long a rotated key keeps working after its replacement is made. */
export const ROTATION_GRACE = {
  immediately: 0,
  "1h": 60 * 60 * 1000,
  "24h": 24 * 60 * 60 * 1000,
  "7d": 7 * 24 * 60 * 60 * 1000
} as const
export type RotationGrace = keyof typeof ROTATION_GRACE

export const checkGrace = (raw: string | undefined): Checked<RotationGrace> => {
  const grace = raw === undefined || raw === "" ? "immediately" : raw
  return Object.hasOwn(ROTATION_GRACE, grace)
    ? ok(grace as RotationGrace)
    : problem(`The grace period must be one of ${Object.keys(ROTATION_GRACE).join(", ")}.`)
}
