/**
 * The statements of a SQL script, split at the semicolons that end them. sql-pg sends every statement through the
 * extended protocol, which takes one statement at a time (`cannot insert multiple commands into a prepared
 * statement`), where node-postgres sent a script without parameters as one simple query. A semicolon inside a
 * quoted string ('…', E'…' with backslash escapes), a quoted identifier ("…"), a dollar-quoted body ($tag$…$tag$)
 * or a comment (-- …, nested /* … *\/) does not end a statement. Statements that are only whitespace and comments
 * are left out.
 */
export const splitStatements = (script: string): ReadonlyArray<string> => {
  const statements: Array<string> = []
  let start = 0
  let meaningful = false
  let i = 0
  const end = (at: number) => {
    if (meaningful) statements.push(script.slice(start, at).trim())
    start = at + 1
    meaningful = false
  }
  while (i < script.length) {
    const c = script[i]!
    const next = script[i + 1]
    if (c === "-" && next === "-") {
      const eol = script.indexOf("\n", i)
      i = eol === -1 ? script.length : eol + 1
    } else if (c === "/" && next === "*") {
      let depth = 1
      i += 2
      while (i < script.length && depth > 0) {
        const pair = script.slice(i, i + 2)
        depth += pair === "/*" ? 1 : pair === "*/" ? -1 : 0
        i += pair === "/*" || pair === "*/" ? 2 : 1
      }
    } else if (c === "'" || c === "\"") {
      const escapes = c === "'" && /[eE]/.test(script[i - 1] ?? "") && !/[\w$]/.test(script[i - 2] ?? "")
      i++
      while (i < script.length) {
        if (escapes && script[i] === "\\") i += 2
        else if (script[i] === c && script[i + 1] === c) i += 2
        else if (script[i] === c) break
        else i++
      }
      i++
      meaningful = true
    } else if (c === "$" && !/[\w$]/.test(script[i - 1] ?? "")) {
      const tag = /^\$([A-Za-z_][A-Za-z_0-9]*)?\$/.exec(script.slice(i))
      if (tag === null) {
        i++
      } else {
        const close = script.indexOf(tag[0], i + tag[0].length)
        i = close === -1 ? script.length : close + tag[0].length
      }
      meaningful = true
    } else if (c === ";") {
      end(i)
      i++
    } else {
      if (!/\s/.test(c)) meaningful = true
      i++
    }
  }
  end(script.length)
  return statements
}
