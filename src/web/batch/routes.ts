import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Effect, Option } from "effect"
import { JobNotFound } from "../../batch/errors.js"
import type { Job, JobPage } from "../../domain/schemas/Job.js"
import { Batches } from "../../batch/Batches.js"
import { badge, checkLink } from "../checks/view.js"
import { actingKey, type Console, consoleGet, consolePage, consolePost, csrfField, idAfter, may } from "../console.js"
import { statusOfError } from "../errorPages.js"
import { attributionWords } from "../attribution.js"
import { dataTable, html, when } from "../html.js"
import { htmlResponse, multipartFields, seeOther } from "../responses.js"

const PREFIX = "/dashboard/batch/"

/** The account's jobs, newest first, a page at a time (the same list as GET /v1/jobs). */
const pastJobs = (page: JobPage) =>
  html`${dataTable("Your jobs, newest first", ["Started", "By", "Job", "Status", "Rows", "Refused", "Finished"], page.jobs.map((job) => [
    when(job.created_at),
    attributionWords(job.created_by),
    html`<a href="${PREFIX}${job.id}">${job.id.slice(0, 8)}</a>`,
    job.status,
    `${job.done} of ${job.total}`,
    job.failed,
    job.finished_at === null ? "—" : when(job.finished_at)
  ]), { empty: "No job yet.", id: "jobs" })}
${page.next_cursor === null ? "" : html`<p><a href="/dashboard/batch?cursor=${page.next_cursor}">Older jobs</a></p>`}`

const uploadPage = (c: Console, error?: string, jobs?: JobPage) =>
  consolePage(c, "Batch verification", "/dashboard/batch", html`<p>Verify up to 1,000 names or companies at once: a CSV file with a header
row naming columns among <code>name</code>, <code>registration_no</code> and <code>country</code>. Each row becomes a check; the job
costs one request of the monthly quota per row verified.</p>
${actingKey(c)._tag === "None" ? html`<p class="error" role="alert">Make an API key on the <a href="/dashboard">dashboard</a> first: a job is made by one of your keys.</p>` : ""}
${may(c, "work") ? html`<form method="post" action="/dashboard/batch" enctype="multipart/form-data">${csrfField(c.csrf)}
<label for="file">CSV file</label><input id="file" name="file" type="file" accept=".csv,text/csv">
<label for="csv">Or paste the CSV here</label><textarea id="csv" name="csv" rows="6" placeholder="name,country&#10;Dangote Cement,NG"></textarea>
<p><button type="submit" class="primary">Start the job</button></p></form>` : ""}
${jobs === undefined ? "" : pastJobs(jobs)}`, error)

const upload = consoleGet(Effect.fnUntraced(function*(c: Console) {
  const cursor = c.query("cursor")
  const jobs = yield* Effect.result((yield* Batches).list(c.account.id, { limit: 25, ...(cursor === undefined ? {} : { cursor }) }))
  if (jobs._tag === "Failure") return htmlResponse(uploadPage(c, "cursor: must be a link this page gave"), 400)
  return htmlResponse(uploadPage(c, undefined, jobs.success))
}))

const submit = consolePost(Effect.fnUntraced(function*(c: Console, field: (name: string) => string | undefined) {
  const key = actingKey(c)
  if (Option.isNone(key)) return htmlResponse(uploadPage(c, "Make an API key first: a job is made by one of your keys."), 409)
  const file = field("file") ?? ""
  const csv = file.trim() === "" ? field("csv") ?? "" : file
  if (csv.trim() === "") return htmlResponse(uploadPage(c, "file: choose a CSV file or paste its rows"), 400)
  return yield* (yield* Batches).submit(key.value, csv, undefined, "console").pipe(
    Effect.map((submitted) => seeOther(`${PREFIX}${submitted.job.id}?notice=job_started`)),
    Effect.catch((error) => Effect.succeed(htmlResponse(uploadPage(c, error.message), statusOfError(error))))
  )
}), multipartFields)

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const notFound = (id: string) => JobNotFound.of(`No batch job ${id} for this account.`)

const findJob = (c: Console, id: string) =>
  UUID.test(id) ? Effect.flatMap(Batches, (batches) => batches.get(c.account.id, id)) : Effect.fail(notFound(id))

const jobPage = (c: Console, job: Job) => {
  const finished = job.done
  const rows = (job.results ?? []).map((r) => [
    r.position + 1,
    Object.entries(r.input as Record<string, unknown>).map(([k, v]) => `${k}: ${String(v)}`).join(", "),
    r.verdict === null ? "—" : badge(r.verdict.result),
    r.verdict === null || r.verdict.check_id === null ? "—" : checkLink(r.verdict.check_id),
    r.error?.message ?? null
  ])
  // "Queued" is news only while the job runs: once done, the page says done (a reload keeps the redirect's query).
  const current = job.status === "done" ? { ...c, query: (name: string) => name === "notice" ? undefined : c.query(name) } : c
  return consolePage(current, `Batch job ${job.id.slice(0, 8)}`, "/dashboard/batch", html`
<p id="job-status" role="status">${job.status}: ${finished} of ${job.total} rows</p>
<progress max="${Math.max(job.total, 1)}" value="${finished}" aria-labelledby="job-status"${job.status === "done" ? "" : html` data-job="${PREFIX}${job.id}/progress"`}>${finished} of ${job.total}</progress>
<p>Started ${when(job.created_at)} by ${attributionWords(job.created_by)}${job.finished_at === null ? "" : html`, finished ${when(job.finished_at)}`}.</p>
${job.status === "done"
    ? html`<p class="actions"><a class="button" href="${PREFIX}${job.id}/results.csv" download>Download CSV</a><a class="button" href="${PREFIX}${job.id}/results.jsonl" download>Download JSON lines</a></p>
${dataTable("Results, in the order sent", ["Row", "Input", "Result", "Check", "Problem"], rows, { id: "results" })}`
    : html`<p>This page follows the job; reload it if it stops moving.</p>`}
<p><a href="/dashboard/batch">Start another job</a></p>`)
}

const show = consoleGet(Effect.fnUntraced(function*(c: Console) {
  const id = yield* idAfter(PREFIX)
  return yield* findJob(c, id).pipe(
    Effect.map((job) => htmlResponse(jobPage(c, job))),
    Effect.catch((error) => Effect.succeed(htmlResponse(uploadPage(c, error.message), statusOfError(error))))
  )
}))

const progress = consoleGet(Effect.fnUntraced(function*(c: Console) {
  const id = yield* idAfter(PREFIX)
  return yield* findJob(c, id).pipe(
    Effect.map((job) => HttpServerResponse.jsonUnsafe({ status: job.status, total: job.total, done: job.done, failed: job.failed })),
    Effect.catch((error) => Effect.succeed(HttpServerResponse.jsonUnsafe({ error: error.error, message: error.message }, { status: 404 })))
  )
}))

const download = (kind: "csv" | "jsonl") =>
  consoleGet((c) =>
    Effect.gen(function*() {
      const id = yield* idAfter(PREFIX)
      const batches = yield* Batches
      const results = !UUID.test(id) ? Effect.fail(notFound(id)) : kind === "csv" ? batches.csv(c.account.id, id) : batches.jsonLines(c.account.id, id)
      return yield* results.pipe(
        Effect.map((body) =>
          HttpServerResponse.text(body, {
            contentType: kind === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson",
            headers: { "content-disposition": `attachment; filename="batch-${id.slice(0, 8)}.${kind}"` }
          })),
        Effect.catch((error) => Effect.succeed(htmlResponse(uploadPage(c, error.message), statusOfError(error))))
      )
    }))

export const batchRoutes = [
  ["GET", "/dashboard/batch", upload],
  ["POST", "/dashboard/batch", submit],
  ["GET", "/dashboard/batch/:id", show],
  ["GET", "/dashboard/batch/:id/progress", progress],
  ["GET", "/dashboard/batch/:id/results.csv", download("csv")],
  ["GET", "/dashboard/batch/:id/results.jsonl", download("jsonl")]
] as const
