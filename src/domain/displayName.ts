import { hasControlCharacter, hasLoneSurrogate } from "./inputHygiene.js"

/** The longest display name kept (sql/0440 checks the same). */
export const DISPLAY_NAME_MAX = 120

/** Unicode's own line and paragraph separators: not controls, yet a line break all the same. */
const LINE_SEPARATOR = /[\u2028\u2029]/

export type CheckedName = { readonly ok: true; readonly value: string } | { readonly ok: false; readonly problem: string }

/**
 * A member's display name as typed: trimmed, runs of spaces made one, 1 to 120 characters, no control character
 * (a line break or a tab included: a name is one line) and no half of a surrogate pair. Pure: unit-tested.
 */
export const checkDisplayName = (raw: string | undefined): CheckedName => {
  const text = raw ?? ""
  if (hasControlCharacter(text) || LINE_SEPARATOR.test(text) || hasLoneSurrogate(text)) return { ok: false, problem: "name: must not contain a control character (one line of text)" }
  const name = text.trim().replace(/ {2,}/g, " ")
  const length = [...name].length
  if (length === 0 || length > DISPLAY_NAME_MAX) return { ok: false, problem: `name: must be 1 to ${DISPLAY_NAME_MAX} characters` }
  return { ok: true, value: name }
}
