import { SqlClient } from "effect/sql"
import { Config, Duration, Effect, Option, Queue, Redacted, Context, Layer } from "effect"
import { randomBytes, randomUUID } from "node:crypto"
import type { Actor, PageParams } from "../access/actor.js"
import { InvalidApiKey, InvalidRequest } from "../domain/errors.js"
import { WebhookExists, WebhookNotFound } from "./errors.js"
import { Fence } from "../tenancy/Fence.js"
import { Limits } from "../tenancy/Limits.js"
import { Audit } from "../audit/Audit.js"
import { Cursors } from "../access/Cursors.js"
import { Webhook, WebhookCreated, WebhookDeliveryPage, WebhookPage } from "../domain/schemas/Webhook.js"
import { type AddressGuard, postDelivery, registrationProblem, systemResolver, WebhookResolver } from "./addresses.js"
import { deriveSecret, retryDelaySeconds, sha256, signDelivery } from "./signature.js"
import { type DueDelivery, type WebhookRow, WebhooksRepo } from "./WebhooksRepo.js"
import { countWebhookAttempt } from "../metrics/series.js"
import { WebhookEvents } from "./WebhookEvents.js"

const webhookOf = (row: WebhookRow) => new Webhook({ id: row.id, url: row.url, events: [...row.events] as Webhook["events"], created_at: row.created_at, created_by: row.created_by })

/**
 * Signed webhooks (issue 17): endpoints registered per key, each event delivered as JSON with an HMAC-SHA256
 * signature over timestamp and body (`KYB-Signature`), its id in `KYB-Event-Id` for de-duplication (delivery is at
 * least once). A failure or a timeout is retried with exponential backoff (KYB_WEBHOOK_RETRY_BASE_SECONDS, default
 * 30, doubling to an hour) for KYB_WEBHOOK_RETRY_HOURS (24); every attempt is kept. Deliveries live in PostgreSQL,
 * so a restart loses none. The signing secret is shown once and never stored: each delivery derives it again from the
 * server's master key (KYB_WEBHOOK_MASTER_KEY, or one the server makes and keeps) and a per-endpoint salt. Only http(s) URLs, and only to globally reachable unicast addresses (src/webhooks/addresses.ts: checked at
 * registration and on the address each delivery's socket connects to) unless KYB_WEBHOOK_ALLOW_PRIVATE=true.
 */
export class Webhooks extends Context.Service<Webhooks>()("kyb/Webhooks", {
  make: Effect.gen(function*() {
    const audit = yield* Audit
    const cursors = yield* Cursors
    const sql = yield* SqlClient.SqlClient
    const repo = yield* WebhooksRepo
    const limits = yield* Limits
    const fence = yield* Fence
    const allowPrivate = yield* Config.Boolean("KYB_WEBHOOK_ALLOW_PRIVATE").pipe(Config.withDefault(false))
    const baseSeconds = yield* Config.Number("KYB_WEBHOOK_RETRY_BASE_SECONDS").pipe(Config.withDefault(30))
    const retryHours = yield* Config.Number("KYB_WEBHOOK_RETRY_HOURS").pipe(Config.withDefault(24))
    const timeoutMs = yield* Config.Int("KYB_WEBHOOK_TIMEOUT_MS").pipe(Config.withDefault(5000))
    const poll = yield* Config.Duration("KYB_WEBHOOK_POLL").pipe(Config.withDefault(Duration.seconds(1)))
    const wakeups = yield* Queue.sliding<void>(1)
    const configured = yield* Config.Redacted("KYB_WEBHOOK_MASTER_KEY").pipe(Config.option)
    // Read on first use, not at start-up: the database may still be migrating while the services are built.
    let held: string | null = Option.getOrNull(Option.map(configured, Redacted.value))
    const masterKey = Effect.suspend(() =>
      held !== null
        ? Effect.succeed(held)
        : repo.masterKey(randomBytes(32).toString("base64url")).pipe(
          Effect.tap(({ made }) =>
            made
              ? Effect.logWarning("KYB_WEBHOOK_MASTER_KEY is not set: a master key for webhook secrets was made and kept in the database; set one to keep it elsewhere")
              : Effect.void
          ),
          Effect.map(({ value }) => (held = value)),
          Effect.orDie
        ))
    const secretOf = (webhookId: string, salt: string) => Effect.map(masterKey, (master) => deriveSecret(master, webhookId, salt))

    const resolver = Option.getOrElse(yield* Effect.serviceOption(WebhookResolver), () => systemResolver)
    const guard: AddressGuard = { allowPrivate, resolve: resolver.resolve }

    const register = (actor: Actor, body: { readonly url: string; readonly events: ReadonlyArray<string> }) =>
      Effect.gen(function*() {
        const problem = yield* Effect.promise(() => registrationProblem(guard, body.url))
        if (problem !== null) return yield* Effect.fail(InvalidRequest.of(`url: ${problem}`))
        const id = randomUUID()
        const salt = randomBytes(16).toString("base64url")
        const secret = yield* secretOf(id, salt)
        const url = new URL(body.url).toString()
        const row = yield* fence.guarded("webhook", actor, "account", Effect.gen(function*() {
          yield* limits.admit(actor.accountId, "webhooks")
          if (yield* repo.hasUrl(actor.accountId, url)) {
            return yield* Effect.fail(WebhookExists.of(`url: this account already has a webhook for ${url}; delete it first or use it`))
          }
          yield* audit.record(actor, { action: "webhook.created", object: { type: "webhook", id }, details: { url, events: [...new Set(body.events)].join(",") } })
          return yield* repo.insert({
            id, accountId: actor.accountId, keyId: actor.keyId, createdBy: actor.by, url, events: [...new Set(body.events)], secretSalt: salt, secretSha256: sha256(secret)
          })
        })).pipe(Effect.catchTag("AccessEnded", (ended) => Effect.fail(InvalidApiKey.of(ended.message))))
        yield* Effect.logInfo("webhook registered").pipe(Effect.annotateLogs({ webhook_id: row.id }))
        return new WebhookCreated({ ...webhookOf(row), secret })
      }).pipe(Effect.catchTag("SqlError", Effect.die))

    const list = (accountId: string, params: PageParams) =>
      cursors.readPage({ list: "webhooks", accountId }, params, 50, (query) => repo.list(accountId, query).pipe(Effect.orDie)).pipe(
        Effect.map(({ shown, nextCursor }) => new WebhookPage({ webhooks: shown.map(webhookOf), next_cursor: nextCursor }))
      )

    const owned = (accountId: string, id: string) =>
      repo.find(accountId, id).pipe(
        Effect.orDie,
        Effect.flatMap(Option.match({ onNone: () => Effect.fail(WebhookNotFound.of(`No webhook ${id} for this account.`)), onSome: Effect.succeed }))
      )

    /** Deletes the webhook; its pending deliveries are cancelled in the same transaction. */
    const remove = (actor: Actor, id: string) =>
      Effect.flatMap(owned(actor.accountId, id), (row) =>
        sql.withTransaction(Effect.andThen(
          repo.remove(actor.accountId, id),
          audit.record(actor, { action: "webhook.removed", object: { type: "webhook", id: row.id }, details: { url: row.url } })
        )).pipe(Effect.orDie, Effect.as(webhookOf(row))))

    const deliveries = (accountId: string, id: string, params: Omit<PageParams, "key_id">) =>
      Effect.flatMap(owned(accountId, id), (row) =>
        Effect.gen(function*() {
          const limit = params.limit ?? 50
          const pager = yield* cursors.bind({ list: "webhook_deliveries", accountId, filters: { webhook: row.id } })
          const after = yield* pager.after(params.cursor)
          const items = yield* repo.deliveries(row.id, { afterEventId: after?.id ?? null, limit: limit + 1 }).pipe(Effect.orDie)
          const shown = items.slice(0, limit)
          const last = shown.at(-1)
          return new WebhookDeliveryPage({
            deliveries: shown as WebhookDeliveryPage["deliveries"],
            next_cursor: items.length > limit && last !== undefined ? pager.seal({ at: new Date(0), id: last.event_id }) : null
          })
        }))

    /** Queues an event for the account's endpoints (src/webhooks/WebhookEvents.ts). */
    const enqueue = (yield* WebhookEvents).enqueue

    /** A `webhook.test` event for this endpoint only, delivered now. */
    const sendTest = (actor: Actor, id: string) =>
      Effect.gen(function*() {
        const webhook = yield* owned(actor.accountId, id)
        const eventId = randomUUID()
        // A test event is a delivery like any other: only while the account runs (a live key), as monitors do.
        yield* fence.guarded("test_event", { accountId: actor.accountId, keyId: null }, "running", Effect.andThen(
          repo.enqueueTest(eventId, webhook, retryHours * 3600),
          audit.record(actor, { action: "webhook.tested", object: { type: "webhook", id: webhook.id }, details: { event_id: eventId } })
        )).pipe(
          Effect.catchTag("AccessEnded", (ended) => Effect.fail(InvalidApiKey.of(ended.message))),
          Effect.catchTag("SqlError", Effect.die)
        )
        yield* Queue.offer(wakeups, undefined)
        yield* Effect.logInfo("webhook test event queued").pipe(Effect.annotateLogs({ webhook_id: webhook.id, event_id: eventId }))
        return eventId
      })

    const post = (delivery: DueDelivery, secret: string) =>
      Effect.promise(() => {
        const body = JSON.stringify(delivery.event)
        return postDelivery(guard, delivery.url, {
          body,
          timeoutMs,
          headers: {
            "content-type": "application/json",
            "user-agent": "KYB-Africa-Webhooks/1.0",
            "kyb-event-id": delivery.event.id,
            "kyb-event-type": delivery.event.type,
            "kyb-signature": signDelivery(secret, Math.floor(Date.now() / 1000), body)
          }
        })
      })

    const deliver = (delivery: DueDelivery) =>
      Effect.gen(function*() {
        const attempt = delivery.attempts + 1
        const secret = yield* secretOf(delivery.webhook_id, delivery.secret_salt)
        // A master key changed since the endpoint was made would sign with a secret its receiver does not hold.
        const refusal = sha256(secret) !== delivery.secret_sha256
          ? "the signing secret cannot be derived again (the master key changed)"
          : null
        // Leased before a cancellation (its webhook deleted, its account ended) committed: not sent, nothing recorded.
        if (!(yield* repo.stillPending(delivery.webhook_id, delivery.event_id))) return
        const outcome = refusal === null ? yield* post(delivery, secret) : { statusCode: null, error: refusal, durationMs: 0 }
        const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300
        const state = ok ? "delivered" as const : delivery.give_up ? "failed" as const : "pending" as const
        countWebhookAttempt(state === "pending" ? "retrying" : state)
        yield* repo.recordAttempt(
          { webhookId: delivery.webhook_id, eventId: delivery.event_id, attempt },
          outcome,
          { state, retryInSeconds: retryDelaySeconds(attempt, baseSeconds) }
        )
        yield* Effect.logInfo(ok ? "webhook delivered" : "webhook delivery failed").pipe(Effect.annotateLogs({
          webhook_id: delivery.webhook_id, event_id: delivery.event_id, attempt, status_code: outcome.statusCode ?? "none", state
        }))
      })

    const dispatch = Effect.gen(function*() {
      while (true) {
        // Leased for the length of one attempt and a margin: an instance that stops mid-attempt releases it soon.
        const due = yield* repo.due(50, Math.ceil(timeoutMs / 1000) + 5)
        if (due.length === 0) return
        yield* Effect.forEach(due, deliver, { concurrency: 8, discard: true })
      }
    })

    yield* Effect.forkScoped(Effect.forever(
      dispatch.pipe(
        Effect.catchCause((cause) => Effect.logWarning("webhook dispatch failed; retrying", cause)),
        Effect.andThen(Effect.race(Queue.take(wakeups), Effect.sleep(poll)))
      )
    ))

    return { register, list, remove, deliveries, sendTest, enqueue, wake: Queue.offer(wakeups, undefined).pipe(Effect.asVoid) } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([WebhooksRepo.Default, Limits.Default, Fence.Default, Audit.Default, WebhookEvents.Default, Cursors.Default]))
}

