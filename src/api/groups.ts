import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import { Schema } from "effect"
import { CaseConflict, CompanyNotFound, IdempotencyKeyReused, InsufficientScope, InternalError, InvalidRequest, LimitReached, QuotaExceeded, ServiceUnavailable } from "../domain/errors.js"
import { CheckNotFound } from "../checks/errors.js"
import { DecisionNotFound, NotTheProposer, ListEntryNotFound } from "../decisions/errors.js"
import { JobNotDone, JobNotFound } from "../batch/errors.js"
import { MonitorNotFound } from "../monitoring/errors.js"
import { WebhookExists, WebhookNotFound } from "../webhooks/errors.js"
import { AuditListParams, AuditPage } from "../domain/schemas/Audit.js"
import { AwardPage, AwardParams } from "../domain/schemas/Award.js"
import { Check, CheckListParams, CheckPage } from "../domain/schemas/Check.js"
import { PageParams } from "../domain/schemas/Paging.js"
import { CompanyRecord } from "../domain/schemas/Company.js"
import { Decision, DecisionBody, DecisionListParams, DecisionPage, ProposalDecisions, WithdrawBody } from "../domain/schemas/Decision.js"
import { EventPage, Monitor, MonitorBody, MonitorPage, Webhook, WebhookBody, WebhookCreated, WebhookDeliveryPage, WebhookPage } from "../domain/schemas/Webhook.js"
import { BatchHeaders, BatchPayload, JobResultsCsv, JobResultsJsonl } from "./schemas/Job.js"
import { Job, JobPage, MAX_BATCH_ITEMS } from "../domain/schemas/Job.js"
import { CompanyKey, CountryCode, IdParam } from "../domain/schemas/params.js"
import { RegistriesResponse } from "../domain/schemas/Registry.js"
import { SearchParams, SearchResponse } from "../domain/schemas/Search.js"
import { ListDating, MaxAgeDays, Verdict, VerifyBody, VerifyQuery } from "../domain/schemas/Verdict.js"
import { NonNegativeInt, optionalField } from "../domain/schemas/stated.js"
import { Authentication, QuotaGuard } from "./security.js"

/** The errors every operation under /v1 may answer, with its own after them. */
export const errors = <const E extends ReadonlyArray<Schema.Top>>(...own: E) =>
  [InvalidRequest, ServiceUnavailable, InternalError, ...own] as const

/** Every group under /v1 is behind the key and the quota (added last, so it covers all endpoints; authentication runs first). */
export const guarded = <Id extends string, Endpoints extends HttpApiEndpoint.Constraint>(group: HttpApiGroup.HttpApiGroup<Id, Endpoints, false>) =>
  group.middleware(QuotaGuard).middleware(Authentication).prefix("/v1")

const companyPath = {
  country: CountryCode,
  registration_no: CompanyKey("The registration number; segments may be joined with `/` (URL-encoded), `.`, `-` or spaces")
}

export class SearchApi extends guarded(HttpApiGroup.make("search")
  .add(
    HttpApiEndpoint.get("search", "/search", { query: SearchParams, success: SearchResponse, error: errors() })
      .annotateMerge(OpenApi.annotations({
        summary: "Search companies",
        description: "Tolerant search: registration number or tax id, literal, normalised, alias and fuzzy name " +
          "matches, then the live registries when the store has nothing. Ranked; `count` is the total across pages."
      }))
  )
) {}

export class CompaniesApi extends guarded(HttpApiGroup.make("companies")
  .add(
    HttpApiEndpoint.get("get", "/company/:country/:registration_no", { params: companyPath, success: CompanyRecord, error: errors(CompanyNotFound) })
      .annotateMerge(OpenApi.annotations({
        summary: "Fetch one company",
        description: "The full record with officers and per-field provenance. Segments of the number may be " +
          "joined with `/` (URL-encoded), `.`, `-` or spaces."
      }))
  )
  .add(
    HttpApiEndpoint.get("awards", "/company/:country/:registration_no/awards", { params: companyPath, query: AwardParams, success: AwardPage, error: errors(CompanyNotFound) })
      .annotateMerge(OpenApi.annotations({
        summary: "A company's government procurement awards",
        description: "The public-procurement awards whose supplier was matched to this stored company (by legal name, or " +
          "a stated alias): buyer, title, value, currency, date and where each was read. Newest first, paged with " +
          "`limit` and `offset`; `count` is the total. The evidence behind the verdict's `has_government_contracts`. " +
          "404 when the company is not held."
      }))
  )
) {}

export class VerifyApi extends guarded(HttpApiGroup.make("verify")
  .add(
    HttpApiEndpoint.get("verifyByQuery", "/verify", { query: VerifyQuery, success: Verdict, error: errors() })
      .annotateMerge(OpenApi.annotations({
        summary: "Verify a business (query parameters)",
        description: "The verdict for `name` or `registration_no` (one is required), narrowed by `country`: resolved against " +
          "the registries, screened against the sanctions lists, kept as a check (`check_id`). The same as POST /v1/verify."
      }))
  )
  .add(
    HttpApiEndpoint.post("verifyByBody", "/verify", { payload: VerifyBody, success: Verdict, error: errors() })
      .annotateMerge(OpenApi.annotations({
        summary: "Verify a business (JSON body)",
        description: "The verdict for a JSON body with `name` or `registration_no` (one is required) and optionally `country`; " +
          "a field not named here is refused with 400. Kept as a check (`check_id`)."
      }))
  )
) {}

export class RegistriesApi extends guarded(HttpApiGroup.make("registries")
  .add(
    HttpApiEndpoint.get("list", "/registries", { success: RegistriesResponse, error: errors() })
      .annotateMerge(OpenApi.annotations({
        summary: "The 18 registries",
        description: "Coverage per registry: records held, newest check, live capability and reachability."
      }))
  )
) {}

export class HealthApi extends HttpApiGroup.make("health", { topLevel: true })
  .add(
    HttpApiEndpoint.get("health", "/health", { success: Schema.Struct({
        status: Schema.Literals(["ok", "degraded"]).annotate({
          description: "degraded: a list screened is older than KYB_LISTS_MAX_AGE_DAYS (named in stale_lists); verdicts are then review (lists_stale)"
        }),
        database: Schema.Literal("reachable"),
        lists: Schema.Array(Schema.Struct({
          list: Schema.String,
          version: Schema.String,
          ...ListDating.fields,
          as_of: Schema.NullOr(Schema.String).annotate({ format: "date", description: "The day the version is known current on (the later of published_on and confirmed_on); null: unknown" }),
          age_days: Schema.NullOr(NonNegativeInt).annotate({ description: "Whole days since as_of (UTC): the age the limit is applied to" }),
          max_age_days: MaxAgeDays,
          stale: Schema.Boolean.annotate({ description: "Past KYB_LISTS_MAX_AGE_DAYS, or of unknown date" })
        })).annotate({
          description: "The list versions this instance screens with now (a version activated a moment ago is here once loaded)"
        }),
        stale_lists: Schema.Array(Schema.String).annotate({
          description: "Each stale list in words: its name, version, age and the limit; empty when every list is current"
        }),
        replica: optionalField(Schema.Struct({
          state: Schema.Literals(["in_use", "bypassed"]),
          reason: Schema.NullOr(Schema.String),
          lag_seconds: Schema.NullOr(Schema.Finite)
        }))
      }), error: ServiceUnavailable })
      .annotateMerge(OpenApi.annotations({
        summary: "Liveness and database reachability (no key needed)",
        description: "200 while the database answers; `status` is degraded (still 200) when a screened list is past the age limit. With a read replica configured, `replica` says whether reads are served by it or bypass it for the primary (and why)."
      }))
  ) {}

const CheckId = IdParam("check")

export class ChecksApi extends guarded(HttpApiGroup.make("checks")
  .add(
    HttpApiEndpoint.get("get", "/checks/:id", { params: { id: CheckId }, success: Check, error: errors(CheckNotFound) })
      .annotateMerge(OpenApi.annotations({
        summary: "One check, as asked and answered",
        description: "Every verification is kept: the inputs as sent and as read, the verdict as answered, each list's " +
          "version and SHA-256, and the policy version. Any live key of the account that owns it can read it (another account's key gets 404)."
      }))
  )
  .add(
    HttpApiEndpoint.get("list", "/checks", { query: CheckListParams, success: CheckPage, error: errors() })
      .annotateMerge(OpenApi.annotations({
        summary: "The account's checks, newest first, paged with a cursor (`key_id`: one key's)",
        description: "Summaries of the account's stored verifications (`since` an instant), newest first; `next_cursor` pages on."
      }))
  )
) {}

const JobId = IdParam("job")

export class BatchApi extends guarded(HttpApiGroup.make("batch")
  .add(
    HttpApiEndpoint.post("submit", "/verify/batch", { headers: BatchHeaders, payload: BatchPayload, success: Job.pipe(HttpApiSchema.status(202)), error: errors(IdempotencyKeyReused, QuotaExceeded, LimitReached, InsufficientScope) })
      .annotateMerge(OpenApi.annotations({
        summary: "Verify up to 1,000 businesses in one job",
        description: `A JSON array (or CSV) of up to ${MAX_BATCH_ITEMS} verification requests; answered 202 at once with the job, ` +
          "which runs in the background (it survives a restart). Each row verified counts against the monthly quota " +
          "(the request's own unit included); a job that would exceed it is refused whole with 429 before it starts. " +
          "A row that is not a verification request is reported in its place and not counted. With `Idempotency-Key`, " +
          "the same key and body return the same job; the same key with another body is 409."
      }))
  )
  .add(
    HttpApiEndpoint.get("list", "/jobs", { query: PageParams(25), success: JobPage, error: errors() })
      .annotateMerge(OpenApi.annotations({
        summary: "The account's batch jobs, newest first, paged with a cursor (without their results)",
        description: "Each job's status and progress (`done` of `total`, `failed`); read a job for its results."
      }))
  )
  .add(
    HttpApiEndpoint.get("get", "/jobs/:id", { params: { id: JobId }, success: Job, error: errors(JobNotFound) })
      .annotateMerge(OpenApi.annotations({
        summary: "A batch job: its progress, and its results in input order once done",
        description: "Each result holds the verdict (with its `check_id`) or why the row was refused. Another key gets 404."
      }))
  )
  .add(
    HttpApiEndpoint.get("resultsJsonl", "/jobs/:id/results.jsonl", { params: { id: JobId }, success: JobResultsJsonl, error: errors(JobNotFound, JobNotDone) })
      .annotateMerge(OpenApi.annotations({
        summary: "A done job's results as JSON Lines",
        description: "One result per line in input order; 409 while the job is not done."
      }))
  )
  .add(
    HttpApiEndpoint.get("resultsCsv", "/jobs/:id/results.csv", { params: { id: JobId }, success: JobResultsCsv, error: errors(JobNotFound, JobNotDone) })
      .annotateMerge(OpenApi.annotations({
        summary: "A done job's results as CSV",
        description: "One row per input row in input order, with a header row; 409 while the job is not done."
      }))
  )
) {}

export class DecisionsApi extends guarded(HttpApiGroup.make("decisions")
  .add(
    HttpApiEndpoint.post("record", "/decisions", { payload: DecisionBody, success: Decision.pipe(HttpApiSchema.status(201)), error: errors(ListEntryNotFound, LimitReached, InsufficientScope) })
      .annotateMerge(OpenApi.annotations({
        summary: "Record a reviewer's decision on a sanctions hit",
        description: "A `false_positive` decision dismisses the hit (list and entry) for the subject in every later " +
          "verification by this account: the hit is still reported, with `dismissed: true` and the decision, and no longer " +
          "makes the verdict review. It holds while the entry is unchanged: a new content hash brings the hit back. " +
          "A `confirmed` decision is shown on the hit."
      }))
  )
  .add(
    HttpApiEndpoint.get("list", "/decisions", { query: DecisionListParams, success: DecisionPage, error: errors() })
      .annotateMerge(OpenApi.annotations({
        summary: "The account's decisions, newest first, paged with a cursor",
        description: "Every decision recorded, superseded ones included (`in_force=true`: only those in force). `status` says " +
          "what each is now: `pending` (not in force: it waits for a second member), `rejected`, `withdrawn`, `superseded` or `in_force`."
      }))
  )
  .add(
    HttpApiEndpoint.post("withdraw", "/decisions/:id/withdraw", {
      params: { id: IdParam("decision") }, payload: WithdrawBody, success: ProposalDecisions, error: errors(DecisionNotFound, CaseConflict, NotTheProposer, InsufficientScope)
    }).annotateMerge(OpenApi.annotations({
      summary: "Withdraw a pending proposal (its proposer only)",
      description: "The proposal the decision belongs to (every entry of its entity) is withdrawn, as a whole, and never counts. " +
        "Only its proposer may: the member who proposed it in the console, or who made the key that proposed it (any key they " +
        "made); anyone else is 403 `not_the_proposer`. One no longer pending is 409. A proposer never approves their own: " +
        "the second look is another member's, in the console (Awaiting approval)."
    }))
  )
) {}

const MonitorId = IdParam("monitor")
const WebhookId = IdParam("webhook")

export class MonitoringApi extends guarded(HttpApiGroup.make("monitoring")
  .add(
    HttpApiEndpoint.post("create", "/monitors", { payload: MonitorBody, success: Monitor.pipe(HttpApiSchema.status(201)), error: errors(LimitReached, InsufficientScope) })
      .annotateMerge(OpenApi.annotations({
        summary: "Watch a name or a company",
        description: "Screened now (its hits are kept), then again whenever a new list version adds or changes an entry that " +
          "could concern it; each change is an event (sanctions.hit_added, sanctions.hit_removed) with the check that shows it."
      }))
  )
  .add(HttpApiEndpoint.get("list", "/monitors", { query: PageParams(50), success: MonitorPage, error: errors() })
    .annotateMerge(OpenApi.annotations({
      summary: "The account's monitors, newest first, paged with a cursor",
      description: "Each monitor with the name it screens and how many list entries it hits now."
    })))
  .add(HttpApiEndpoint.get("get", "/monitors/:id", { params: { id: MonitorId }, success: Monitor, error: errors(MonitorNotFound) })
    .annotateMerge(OpenApi.annotations({ summary: "One monitor", description: "A monitor of the account; another account's is 404." })))
  .add(HttpApiEndpoint.delete("delete", "/monitors/:id", { params: { id: MonitorId }, success: Monitor, error: errors(MonitorNotFound, InsufficientScope) })
    .annotateMerge(OpenApi.annotations({ summary: "Stop watching", description: "Deletes the monitor and answers it as it was; its past events stay." })))
  .add(
    HttpApiEndpoint.get("events", "/events", { query: CheckListParams, success: EventPage, error: errors() })
      .annotateMerge(OpenApi.annotations({
        summary: "The account's events, newest first, paged with a cursor (for clients that poll)",
        description: "What the monitors found (`since` an instant): the same events webhooks deliver."
      }))
  )
) {}

export class WebhooksApi extends guarded(HttpApiGroup.make("webhooks")
  .add(
    HttpApiEndpoint.post("create", "/webhooks", { payload: WebhookBody, success: WebhookCreated.pipe(HttpApiSchema.status(201)), error: errors(LimitReached, WebhookExists, InsufficientScope) })
      .annotateMerge(OpenApi.annotations({
        summary: "Register an endpoint for events",
        description: "Events are POSTed as JSON `{id, type, created_at, data}` with `KYB-Signature: t=<unix>,v1=<hex HMAC-SHA256 " +
          "of \"<t>.<body>\" with the secret>` and `KYB-Event-Id` (delivery is at least once: de-duplicate by id). Failures and " +
          "timeouts are retried with exponential backoff for 24 hours. Only http(s) URLs; loopback and private addresses are refused."
      }))
  )
  .add(HttpApiEndpoint.get("list", "/webhooks", { query: PageParams(50), success: WebhookPage, error: errors() })
    .annotateMerge(OpenApi.annotations({
      summary: "The account's webhooks, newest first, paged with a cursor",
      description: "Each endpoint with the event types it receives (never its secret)."
    })))
  .add(HttpApiEndpoint.delete("delete", "/webhooks/:id", { params: { id: WebhookId }, success: Webhook, error: errors(WebhookNotFound, InsufficientScope) })
    .annotateMerge(OpenApi.annotations({ summary: "Remove an endpoint", description: "Deletes the webhook; deliveries still pending are cancelled." })))
  .add(
    HttpApiEndpoint.get("deliveries", "/webhooks/:id/deliveries", { params: { id: WebhookId }, query: PageParams(50), success: WebhookDeliveryPage, error: errors(WebhookNotFound) })
      .annotateMerge(OpenApi.annotations({
        summary: "Deliveries to an endpoint, newest event first, paged with a cursor, each attempt with its outcome",
        description: "Each event sent to the endpoint, its state and every attempt (status code or error, duration)."
      }))
  )
) {}

export class AuditApi extends guarded(HttpApiGroup.make("audit")
  .add(
    HttpApiEndpoint.get("list", "/audit", { query: AuditListParams, success: AuditPage, error: errors(InsufficientScope) })
      .annotateMerge(OpenApi.annotations({
        summary: "The account's audit log, oldest first, filtered and paged with a cursor (keys with scope audit)",
        description: "Every change of state in the account (decisions, verifying again, batch jobs, monitors, webhooks, keys, " +
          "list choice, members and roles, second factors, the account's policy) and every refused post: who (a member or a key, " +
          "as of the action), what, which object, when, from which address and client, and the outcome. Each entry carries the " +
          "hash of the one before (a chain per account, checked by `kyb audit verify`). Only a key with scope `audit` reads it " +
          "(403 insufficient_scope otherwise). Filters: `actor_id`, `action`, `object_id`, `day` (UTC)."
      }))
  )
) {}
