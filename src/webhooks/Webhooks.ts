import { Config, Duration, Effect, Option, Queue, Redacted } from "effect"
import { randomBytes, randomUUID } from "node:crypto"
import { lookup } from "node:dns/promises"
import { InvalidRequest, WebhookNotFound } from "../api/errors.js"
import { Webhook, WebhookCreated, WebhookDeliveryPage, WebhookPage } from "../api/schemas/Webhook.js"
import { checkWebhookUrl, isPrivateAddress } from "./addresses.js"
import { deriveSecret, retryDelaySeconds, sha256, signDelivery } from "./signature.js"
import { type DueDelivery, type WebhookRow, WebhooksRepo } from "./WebhooksRepo.js"

const webhookOf = (row: WebhookRow) => new Webhook({ id: row.id, url: row.url, events: [...row.events] as Webhook["events"], created_at: row.created_at })

/**
 * Signed webhooks (issue 17): endpoints registered per key, each event delivered as JSON with an HMAC-SHA256
 * signature over timestamp and body (`KYB-Signature`), its id in `KYB-Event-Id` for de-duplication (delivery is at
 * least once). A failure or a timeout is retried with exponential backoff (KYB_WEBHOOK_RETRY_BASE_SECONDS, default
 * 30, doubling to an hour) for KYB_WEBHOOK_RETRY_HOURS (24); every attempt is kept. Deliveries live in PostgreSQL,
 * so a restart loses none. The signing secret is shown once and never stored: each delivery derives it again from the
 * server's master key (KYB_WEBHOOK_MASTER_KEY, or one the server makes and keeps) and a per-endpoint salt. Only http(s) URLs, and never to loopback or private addresses (checked at registration
 * and again before each delivery, after DNS) unless KYB_WEBHOOK_ALLOW_PRIVATE=true.
 */
export class Webhooks extends Effect.Service<Webhooks>()("kyb/Webhooks", {
  scoped: Effect.gen(function*() {
    const repo = yield* WebhooksRepo
    const allowPrivate = yield* Config.boolean("KYB_WEBHOOK_ALLOW_PRIVATE").pipe(Config.withDefault(false))
    const baseSeconds = yield* Config.number("KYB_WEBHOOK_RETRY_BASE_SECONDS").pipe(Config.withDefault(30))
    const retryHours = yield* Config.number("KYB_WEBHOOK_RETRY_HOURS").pipe(Config.withDefault(24))
    const timeoutMs = yield* Config.integer("KYB_WEBHOOK_TIMEOUT_MS").pipe(Config.withDefault(5000))
    const poll = yield* Config.duration("KYB_WEBHOOK_POLL").pipe(Config.withDefault(Duration.seconds(1)))
    const wakeups = yield* Queue.sliding<void>(1)
    const configured = yield* Config.redacted("KYB_WEBHOOK_MASTER_KEY").pipe(Config.option)
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

    /** Why this host may not receive deliveries, if it may not (resolved: a name may point at a private address). */
    const refusedHost = (url: URL) =>
      Effect.promise(async () => {
        if (allowPrivate) return null
        const host = url.hostname.replace(/^\[|\]$/g, "")
        const addresses = await lookup(host, { all: true }).catch(() => [])
        if (addresses.length === 0) return `The host ${host} does not resolve.`
        return addresses.some((a) => isPrivateAddress(a.address)) ? `The host ${host} is a loopback or private address.` : null
      })

    const register = (keyId: string, body: { readonly url: string; readonly events: ReadonlyArray<string> }) =>
      Effect.gen(function*() {
        const checked = checkWebhookUrl(body.url)
        if (!checked.ok) return yield* Effect.fail(InvalidRequest.of(checked.problem))
        const refusal = yield* refusedHost(checked.url)
        if (refusal !== null) return yield* Effect.fail(InvalidRequest.of(refusal))
        const id = randomUUID()
        const salt = randomBytes(16).toString("base64url")
        const secret = yield* secretOf(id, salt)
        const row = yield* repo.insert({
          id, keyId, url: checked.url.toString(), events: [...new Set(body.events)], secretSalt: salt, secretSha256: sha256(secret)
        })
        yield* Effect.logInfo("webhook registered").pipe(Effect.annotateLogs({ webhook_id: row.id }))
        return new WebhookCreated({ ...webhookOf(row), secret })
      }).pipe(Effect.catchTag("SqlError", Effect.die))

    const list = (keyId: string) => Effect.map(repo.list(keyId), (rows) => new WebhookPage({ webhooks: rows.map(webhookOf) })).pipe(Effect.orDie)

    const owned = (keyId: string, id: string) =>
      repo.find(keyId, id).pipe(
        Effect.orDie,
        Effect.flatMap(Option.match({ onNone: () => Effect.fail(WebhookNotFound.of(`No webhook ${id} for this API key.`)), onSome: Effect.succeed }))
      )

    const remove = (keyId: string, id: string) =>
      Effect.flatMap(owned(keyId, id), (row) => repo.remove(keyId, id).pipe(Effect.orDie, Effect.as(webhookOf(row))))

    const deliveries = (keyId: string, id: string) =>
      Effect.flatMap(owned(keyId, id), (row) =>
        Effect.map(repo.deliveries(row.id, 100).pipe(Effect.orDie), (items) => new WebhookDeliveryPage({ deliveries: items as WebhookDeliveryPage["deliveries"] })))

    /** Queues the event for every endpoint of the key that takes its type, and wakes the dispatcher. */
    const enqueue = (event: { readonly id: string; readonly keyId: string; readonly type: string }) =>
      repo.enqueue(event.id, event.keyId, event.type, retryHours * 3600).pipe(Effect.zipRight(Queue.offer(wakeups, undefined)), Effect.asVoid)

    /** A `webhook.test` event for this endpoint only, delivered now. */
    const sendTest = (keyId: string, id: string) =>
      Effect.gen(function*() {
        const webhook = yield* owned(keyId, id)
        const eventId = randomUUID()
        yield* repo.enqueueTest(eventId, webhook, retryHours * 3600).pipe(Effect.orDie)
        yield* Queue.offer(wakeups, undefined)
        yield* Effect.logInfo("webhook test event queued").pipe(Effect.annotateLogs({ webhook_id: webhook.id, event_id: eventId }))
        return eventId
      })

    const post = (delivery: DueDelivery, secret: string) =>
      Effect.promise(async () => {
        const body = JSON.stringify(delivery.event)
        const started = Date.now()
        const timestamp = Math.floor(started / 1000)
        try {
          const response = await fetch(delivery.url, {
            method: "POST",
            redirect: "manual",
            signal: AbortSignal.timeout(timeoutMs),
            headers: {
              "content-type": "application/json",
              "user-agent": "KYB-Africa-Webhooks/1.0",
              "kyb-event-id": delivery.event.id,
              "kyb-event-type": delivery.event.type,
              "kyb-signature": signDelivery(secret, timestamp, body)
            },
            body
          })
          await response.arrayBuffer().catch(() => undefined)
          return { statusCode: response.status, error: response.ok ? null : `HTTP ${response.status}`, durationMs: Date.now() - started }
        } catch (error) {
          return { statusCode: null, error: error instanceof Error ? error.name === "TimeoutError" ? "timeout" : error.message : "failed", durationMs: Date.now() - started }
        }
      })

    const deliver = (delivery: DueDelivery) =>
      Effect.gen(function*() {
        const attempt = delivery.attempts + 1
        const checked = checkWebhookUrl(delivery.url)
        const secret = yield* secretOf(delivery.webhook_id, delivery.secret_salt)
        // A master key changed since the endpoint was made would sign with a secret its receiver does not hold.
        const refusal = sha256(secret) !== delivery.secret_sha256
          ? "the signing secret cannot be derived again (the master key changed)"
          : checked.ok ? yield* refusedHost(checked.url) : checked.problem
        const outcome = refusal === null ? yield* post(delivery, secret) : { statusCode: null, error: refusal, durationMs: 0 }
        const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300
        const state = ok ? "delivered" as const : delivery.give_up ? "failed" as const : "pending" as const
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
        Effect.catchAllCause((cause) => Effect.logWarning("webhook dispatch failed; retrying", cause)),
        Effect.zipRight(Effect.race(Queue.take(wakeups), Effect.sleep(poll)))
      )
    ))

    return { register, list, remove, deliveries, sendTest, enqueue, wake: Queue.offer(wakeups, undefined) } as const
  }),
  dependencies: [WebhooksRepo.Default]
}) {}

