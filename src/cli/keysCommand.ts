import { Args, Command, Options } from "@effect/cli"
import { Console, Effect, Option, Redacted } from "effect"
import { ApiKeys } from "../access/ApiKeys.js"
import { DEFAULT_KEY_SCOPE, keyScopes } from "../domain/keyScope.js"
import { plans } from "../domain/quotaWindow.js"

const plan = Options.choice("plan", plans).pipe(
  Options.withDefault("free" as const),
  Options.withDescription("Plan: free 100, starter 10 000, growth 100 000 requests a month, or unlimited")
)
const quota = Options.integer("quota").pipe(
  Options.optional,
  Options.withDescription("Monthly quota for this key, overriding the plan's")
)
const scope = Options.choice("scope", keyScopes).pipe(
  Options.withDefault(DEFAULT_KEY_SCOPE),
  Options.withDescription("read: search, fetch, verify and read only; read_write: may also record decisions, monitors, webhooks, batch jobs")
)
const label = Options.text("label").pipe(Options.optional, Options.withDescription("Who or what the key is for"))

const create = Command.make("create", { plan, quota, label, scope }, (options) =>
  Effect.gen(function*() {
    if (Option.isSome(options.quota) && options.quota.value < 0) {
      return yield* Effect.fail(new Error("--quota must be >= 0"))
    }
    const keys = yield* ApiKeys
    const created = yield* keys.create({
      plan: options.plan,
      quota: Option.getOrNull(options.quota),
      label: Option.getOrNull(options.label),
      scope: options.scope
    })
    yield* Console.error(`Created ${created.id} (plan ${options.plan}, scope ${options.scope}). The secret is shown once, on the next line:`)
    // The one place a secret is ever printed: to the operator who asked for it, on its own line.
    yield* Console.log(Redacted.value(created.secret))
  })).pipe(Command.withDescription("Issue a key; prints the new secret alone on the last line of stdout"))

const revoke = Command.make("revoke", { id: Args.text({ name: "key-id" }) }, ({ id }) =>
  Effect.gen(function*() {
    const keys = yield* ApiKeys
    if (!(yield* keys.revoke(id))) return yield* Effect.fail(new Error(`No active key ${id}`))
    yield* Console.log(`Revoked ${id}`)
  })).pipe(Command.withDescription("Revoke a key at once"))

const list = Command.make("list", {}, () =>
  Effect.gen(function*() {
    const keys = yield* ApiKeys
    const rows = yield* keys.list
    yield* Console.log(["id", "plan", "scope", "quota", "used_this_month", "created_at", "revoked_at", "label"].join("\t"))
    for (const k of rows) {
      yield* Console.log([k.id, k.plan, k.scope, k.quota_override ?? "-", k.used_this_month, k.created_at, k.revoked_at ?? "-", k.label ?? ""].join("\t"))
    }
  })).pipe(Command.withDescription("List keys (never their secrets) with this month's usage"))

export const keysCommand = Command.make("keys").pipe(
  Command.withDescription("Manage API keys"),
  Command.withSubcommands([create, revoke, list])
)
