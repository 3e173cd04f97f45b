import { Argument, Command, Flag } from "effect/cli"
import { Console, Effect, Option, Redacted } from "effect"
import { ApiKeys } from "../access/ApiKeys.js"
import { DEFAULT_KEY_SCOPE, keyScopes } from "../domain/keyScope.js"
import { plans } from "../domain/quotaWindow.js"

const plan = Flag.Literals("plan", plans).pipe(
  Flag.withDefault("free" as const),
  Flag.withDescription("Plan: free 100, starter 10 000, growth 100 000 requests a month, or unlimited")
)
const quota = Flag.Int("quota").pipe(
  Flag.optional,
  Flag.withDescription("Monthly quota for this key, overriding the plan's")
)
const scope = Flag.Literals("scope", keyScopes).pipe(
  Flag.withDefault(DEFAULT_KEY_SCOPE),
  Flag.withDescription("read: search, fetch, verify and read only; read_write: may also record decisions, monitors, webhooks, batch jobs; audit: what read does, and the audit log (GET /v1/audit)")
)
const label = Flag.String("label").pipe(Flag.optional, Flag.withDescription("Who or what the key is for"))
const account = Flag.String("account").pipe(
  Flag.optional,
  Flag.withDescription("The account the key belongs to (its id or e-mail address); without it, an account is made for the key")
)

const create = Command.make("create", { plan, quota, label, scope, account }, (options) =>
  Effect.gen(function*() {
    if (Option.isSome(options.quota) && options.quota.value < 0) {
      return yield* Effect.fail(new Error("--quota must be >= 0"))
    }
    const keys = yield* ApiKeys
    const named = Option.isSome(options.account) ? Option.some(yield* keys.findAccount(options.account.value)) : Option.none()
    if (Option.isSome(named) && Option.isNone(named.value)) {
      return yield* Effect.fail(new Error(`No account ${Option.getOrThrow(options.account)} (give an account id or the address of a live account)`))
    }
    const accountId = Option.map(Option.flatten(named), (a) => a.id)
    const created = yield* keys.create({
      plan: options.plan,
      quota: Option.getOrNull(options.quota),
      label: Option.getOrNull(options.label),
      scope: options.scope,
      ...(Option.isSome(accountId) ? { accountId: accountId.value } : {})
    })
    yield* Console.error(
      `Created ${created.id} for account ${created.accountId} (plan ${options.plan}, scope ${options.scope}). The secret is shown once, on the next line:`
    )
    // The one place a secret is ever printed: to the operator who asked for it, on its own line.
    yield* Console.log(Redacted.value(created.secret))
  })).pipe(Command.withDescription("Issue a key; prints the new secret alone on the last line of stdout"))

const revoke = Command.make("revoke", { id: Argument.String("key-id") }, ({ id }) =>
  Effect.gen(function*() {
    const keys = yield* ApiKeys
    if (!(yield* keys.revoke(id))) return yield* Effect.fail(new Error(`No active key ${id}`))
    yield* Console.log(`Revoked ${id}`)
  })).pipe(Command.withDescription("Revoke a key at once; the account's last key: its monitors, batch jobs and pending deliveries stop"))

const list = Command.make("list", {}, () =>
  Effect.gen(function*() {
    const keys = yield* ApiKeys
    const rows = yield* keys.list
    yield* Console.log(["id", "account", "plan", "scope", "quota", "account_used_this_month", "created_at", "revoked_at", "label"].join("\t"))
    for (const k of rows) {
      const owner = k.account === null ? k.account_id : `${k.account_id} (${k.account})`
      yield* Console.log(
        [k.id, owner, k.plan, k.scope, k.quota_override ?? "-", k.used_this_month, k.created_at, k.revoked_at ?? "-", k.label ?? ""].join("\t")
      )
    }
  })).pipe(Command.withDescription(
    "List keys (never their secrets), each with its account and the month's usage of that account (what its quota counts against)"
  ))

export const keysCommand = Command.make("keys").pipe(
  Command.withDescription("Manage API keys"),
  Command.withSubcommands([create, revoke, list])
)
