/**
 * What the edge refuses before any handler or query runs: text a person could not have meant (control
 * characters, invalid UTF-8, broken percent-escapes) and JSON nested deeper than any request of ours needs.
 * Pure: the HTTP middleware decides the status, this decides the verdict and names the offending place.
 */

/** C0 controls (tab, LF and CR included: no parameter of ours is multi-line), DEL and the C1 block. */
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/

export const MAX_JSON_DEPTH = 32

export type Refusal = { readonly where: string; readonly problem: string }

const refusal = (where: string, problem: string): Refusal => ({ where, problem })

export const hasControlCharacter = (text: string): boolean => controlCharacter.test(text)

/** Half of a UTF-16 surrogate pair alone: JSON can spell it (`"\ud800"`), no text can contain it. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

export const hasLoneSurrogate = (text: string): boolean => loneSurrogate.test(text)

/** U+FFFD: what a decoder puts where the bytes were not UTF-8 (the body's bytes are gone by the time a handler runs). */
const hasReplacementCharacter = (text: string): boolean => text.includes("\ufffd")

/** Decodes one `application/x-www-form-urlencoded` component strictly: bad escapes and invalid UTF-8 are errors. */
const decodeComponent = (raw: string): string | undefined => {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "))
  } catch {
    return undefined
  }
}

const checkText = (where: string, decoded: string | undefined): Refusal | undefined =>
  decoded === undefined
    ? refusal(where, "is not valid percent-encoded UTF-8")
    : hasControlCharacter(decoded)
    ? refusal(where, "contains a control character")
    : undefined

/** Names a query parameter for a message: a plain identifier as sent, anything else is not echoed back. */
const parameterName = (rawName: string): string => {
  const decoded = decodeComponent(rawName)
  return decoded !== undefined && /^[A-Za-z_][A-Za-z0-9_.-]{0,39}$/.test(decoded) ? decoded : "a query parameter"
}

/** Checks the path segments and every query parameter (name and value) of a raw request target. */
export const checkRequestTarget = (target: string): Refusal | undefined => {
  const queryAt = target.indexOf("?")
  const path = queryAt === -1 ? target : target.slice(0, queryAt)
  for (const segment of path.split("/")) {
    const problem = checkText("the path", decodeComponent(segment.replace(/\+/g, "%2B")))
    if (problem !== undefined) return problem
  }
  if (queryAt === -1) return undefined
  for (const pair of target.slice(queryAt + 1).split("&")) {
    if (pair === "") continue
    const equals = pair.indexOf("=")
    const rawName = equals === -1 ? pair : pair.slice(0, equals)
    const name = parameterName(rawName)
    const nameProblem = checkText(name, decodeComponent(rawName))
    if (nameProblem !== undefined) return nameProblem
    if (equals !== -1) {
      const valueProblem = checkText(name, decodeComponent(pair.slice(equals + 1)))
      if (valueProblem !== undefined) return valueProblem
    }
  }
  return undefined
}

/** Header values arrive as latin1 strings; node's parser has already refused most control bytes. */
export const checkHeaders = (headers: Readonly<Record<string, string | ReadonlyArray<string> | undefined>>): Refusal | undefined => {
  for (const [name, value] of Object.entries(headers)) {
    const values = value === undefined ? [] : typeof value === "string" ? [value] : value
    for (const one of values) {
      if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(one)) return refusal(`header ${name}`, "contains a control character")
    }
  }
  return undefined
}

/**
 * The deepest nesting of arrays and objects in a JSON text, counted without parsing it (so a hostile body
 * cannot exhaust the stack of whatever walks the parsed value). Stops counting once past `limit`.
 */
export const jsonDepthExceeds = (text: string, limit = MAX_JSON_DEPTH): boolean => {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92) i++ // backslash: skip the escaped character
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 91 || c === 123) {
      if (++depth > limit) return true
    } else if (c === 93 || c === 125) depth--
  }
  return false
}

/** Finds the first string (key or value) of a parsed JSON value that holds a control character. */
export const checkJsonStrings = (value: unknown, path = "body"): Refusal | undefined => {
  if (typeof value === "string") {
    return hasControlCharacter(value)
      ? refusal(path, "contains a control character")
      : hasLoneSurrogate(value)
      ? refusal(path, "is not valid Unicode")
      : hasReplacementCharacter(value)
      ? refusal(path, "is not valid UTF-8")
      : undefined
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = checkJsonStrings(value[i], `${path}[${i}]`)
      if (problem !== undefined) return problem
    }
    return undefined
  }
  if (typeof value === "object" && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      const where = path === "body" ? key : `${path}.${key}`
      if (hasControlCharacter(key) || hasLoneSurrogate(key) || hasReplacementCharacter(key)) return refusal(path, "has a field name that is not plain text")
      const problem = checkJsonStrings(inner, where)
      if (problem !== undefined) return problem
    }
  }
  return undefined
}

/**
 * What a Content-Type header declares: no header (`absent`: the body is read as JSON), a header that names no type
 * (`empty`: sent empty or only parameters, refused as naming nothing), or a media type, lower case, without parameters.
 */
export type DeclaredMediaType =
  | { readonly kind: "absent" }
  | { readonly kind: "empty" }
  | { readonly kind: "named"; readonly type: string }

export const mediaType = (contentType: string | undefined): DeclaredMediaType => {
  if (contentType === undefined) return { kind: "absent" }
  const type = contentType.split(";")[0]?.trim().toLowerCase()
  return type === undefined || type === "" ? { kind: "empty" } : { kind: "named", type }
}
