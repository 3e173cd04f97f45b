/**
 * The operator CLI's command line, parsed and explained without loading Effect or the database code: help and usage
 * errors answer at once, and a command's implementation is imported only when it runs.
 */

export interface OptionSpec {
  readonly name: string
  readonly kind: "boolean" | "text" | "number" | "integer"
  /** Placeholder of the value in help (`--published-on DATE`). */
  readonly value?: string
  readonly description: string
  readonly default?: string | number
}

export interface ArgSpec {
  readonly name: string
  readonly description: string
  /** One or more (`<file>...`); without it exactly one. */
  readonly repeated?: boolean
  /** The arguments may be left out when this boolean option is given (`--download`). */
  readonly unlessOption?: string
}

export type OptionValue = string | number | boolean | undefined

export interface Invocation {
  /** The whole command as typed, `kyb ingest companies`, for messages. */
  readonly command: string
  readonly args: ReadonlyArray<string>
  readonly options: Readonly<Record<string, OptionValue>>
}

export interface LeafSpec {
  readonly name: string
  readonly summary: string
  readonly description?: string
  readonly args: ReadonlyArray<ArgSpec>
  readonly options: ReadonlyArray<OptionSpec>
  /** Runs the command; sets process.exitCode. */
  readonly run: (invocation: Invocation) => Promise<void>
}

export interface GroupSpec {
  readonly name: string
  readonly summary: string
  readonly subcommands: ReadonlyArray<CommandSpec>
}

/** A command whose own parser takes over after its name (help and errors still one line, exit 2). */
export interface DelegateSpec {
  readonly name: string
  readonly summary: string
  readonly subcommandNames: ReadonlyArray<string>
  readonly run: (command: string, argv: ReadonlyArray<string>) => Promise<void>
}

export type CommandSpec = LeafSpec | GroupSpec | DelegateSpec

const isGroup = (c: CommandSpec): c is GroupSpec => "subcommands" in c
const isDelegate = (c: CommandSpec): c is DelegateSpec => "subcommandNames" in c

export class UsageError extends Error {}

export type Parsed =
  | { readonly _tag: "help"; readonly text: string }
  | { readonly _tag: "run"; readonly leaf: LeafSpec; readonly invocation: Invocation }
  | { readonly _tag: "delegate"; readonly spec: DelegateSpec; readonly command: string; readonly argv: ReadonlyArray<string> }

const isHelp = (word: string) => word === "--help" || word === "-h"

const choices = (names: ReadonlyArray<string>) => names.map((n) => `'${n}'`).join(", ")

const readOption = (command: string, spec: OptionSpec, raw: string): OptionValue => {
  if (spec.kind === "text") return raw
  const n = Number(raw)
  const ok = raw.trim() !== "" && Number.isFinite(n) && (spec.kind === "number" || Number.isInteger(n))
  if (!ok) throw new UsageError(`${command}: --${spec.name}: must be ${spec.kind === "integer" ? "a whole number" : "a number"}, got '${raw}'`)
  return n
}

const parseLeaf = (leaf: LeafSpec, command: string, argv: ReadonlyArray<string>): Invocation => {
  const options: Record<string, OptionValue> = {}
  const args: Array<string> = []
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!
    if (word === "--") {
      args.push(...argv.slice(i + 1))
      break
    }
    if (!word.startsWith("-") || word === "-") {
      args.push(word)
      continue
    }
    const eq = word.indexOf("=")
    const name = word.slice(2, eq === -1 ? undefined : eq)
    const spec = word.startsWith("--") ? leaf.options.find((o) => o.name === name) : undefined
    if (spec === undefined) {
      throw new UsageError(`${command}: unknown option '${eq === -1 ? word : word.slice(0, eq)}' (see '${command} --help')`)
    }
    if (spec.kind === "boolean") {
      if (eq !== -1) throw new UsageError(`${command}: --${name} takes no value`)
      options[name] = true
      continue
    }
    const raw = eq !== -1 ? word.slice(eq + 1) : argv[++i]
    if (raw === undefined) throw new UsageError(`${command}: --${name} needs a value${spec.value === undefined ? "" : ` (${spec.value})`}`)
    options[name] = readOption(command, spec, raw)
  }
  for (const o of leaf.options) if (options[o.name] === undefined && o.default !== undefined) options[o.name] = o.default
  const [arg] = leaf.args
  if (arg === undefined) {
    if (args.length > 0) throw new UsageError(`${command}: takes no arguments, got '${args[0]}'`)
  } else if (args.length === 0 && (arg.unlessOption === undefined || options[arg.unlessOption] !== true)) {
    const alternative = arg.unlessOption === undefined ? "" : ` or --${arg.unlessOption}`
    throw new UsageError(`${command}: missing <${arg.name}>${alternative} (see '${command} --help')`)
  } else if (arg.repeated !== true && args.length > 1) {
    throw new UsageError(`${command}: takes one <${arg.name}>, got ${args.length}`)
  }
  return { command, args, options }
}

/** Follows the words of `argv` down the command tree to the command they name. */
export const parse = (root: GroupSpec, argv: ReadonlyArray<string>, style: Style): Parsed => {
  let spec: CommandSpec = root
  let command = root.name
  let i = 0
  while (isGroup(spec)) {
    const word = argv[i]
    if (word === undefined || isHelp(word)) return { _tag: "help", text: groupHelp(spec, command, style) }
    const next: CommandSpec | undefined = spec.subcommands.find((c) => c.name === word)
    if (next === undefined) {
      const kind = word.startsWith("-") ? "option" : "subcommand"
      throw new UsageError(`unknown ${kind} '${word}' for '${command}' (use one of ${choices(spec.subcommands.map((c) => c.name))})`)
    }
    spec = next
    command = `${command} ${word}`
    i++
  }
  const rest = argv.slice(i)
  if (isDelegate(spec)) {
    const word = rest[0]
    if (word !== undefined && !isHelp(word) && !spec.subcommandNames.includes(word)) {
      const kind = word.startsWith("-") ? "option" : "subcommand"
      throw new UsageError(`unknown ${kind} '${word}' for '${command}' (use one of ${choices(spec.subcommandNames)})`)
    }
    return { _tag: "delegate", spec, command, argv: rest }
  }
  if (rest.some(isHelp)) return { _tag: "help", text: leafHelp(spec, command, style) }
  return { _tag: "run", leaf: spec, invocation: parseLeaf(spec, command, rest) }
}

// ---------------------------------------------------------------------------------------------------------------
// Help: plain text; bold headings only on a terminal and never with NO_COLOR.

export interface Style {
  readonly heading: (text: string) => string
}

export const styleFor = (stream: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv): Style => {
  const colour = stream.isTTY === true && (env["NO_COLOR"] ?? "") === "" && env["TERM"] !== "dumb"
  return { heading: colour ? (text) => `\u001b[1m${text}\u001b[0m` : (text) => text }
}

const table = (rows: ReadonlyArray<readonly [string, string]>) => {
  const width = Math.min(28, Math.max(...rows.map(([left]) => left.length)) + 2)
  return rows.map(([left, right]) => `  ${left.padEnd(width)}${left.length >= width ? `\n  ${" ".repeat(width)}` : ""}${right}`).join("\n")
}

const argUsage = (arg: ArgSpec) => {
  const words = `<${arg.name}>${arg.repeated === true ? "..." : ""}`
  return words
}

const optionLeft = (o: OptionSpec) => `--${o.name}${o.kind === "boolean" ? "" : ` ${o.value ?? o.kind.toUpperCase()}`}`

export const leafHelp = (leaf: LeafSpec, command: string, style: Style): string => {
  const usage = [command, leaf.options.length > 0 ? "[options]" : "", ...leaf.args.map(argUsage)].filter((w) => w !== "").join(" ")
  const parts = [`${style.heading("Usage:")} ${usage}`, leaf.description ?? leaf.summary]
  if (leaf.args.length > 0) {
    parts.push(`${style.heading("Arguments:")}\n${table(leaf.args.map((a) => {
      const count = a.repeated === true ? "one or more" : "required"
      const when = a.unlessOption === undefined ? count : `${count}, unless --${a.unlessOption}`
      return [argUsage(a), `${a.description} (${when})`] as const
    }))}`)
  }
  const options = [
    ...leaf.options.map((o) => [optionLeft(o), o.default === undefined ? o.description : `${o.description} (default ${o.default})`] as const),
    ["-h, --help", "Show this help"] as const
  ]
  parts.push(`${style.heading("Options:")}\n${table(options)}`)
  return parts.join("\n\n")
}

export const groupHelp = (group: GroupSpec, command: string, style: Style): string =>
  [
    `${style.heading("Usage:")} ${command} <command> ...`,
    group.summary,
    `${style.heading("Commands:")}\n${table(group.subcommands.map((c) => [c.name, c.summary] as const))}`,
    `Run '${command} <command> --help' for a command's arguments and options.`
  ].join("\n\n")
