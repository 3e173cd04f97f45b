import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { createConfig, lintFromString } from "@redocly/openapi-core"
import { Effect } from "effect"
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import openapiTS, { astToString } from "openapi-typescript"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { awardOf } from "../../src/companies/ingest/procurement/award.js"
import { upsertAwards } from "../../src/companies/ingest/procurement/awardWriter.js"
import { repoRoot } from "../sanctions/paths.js"
import { makeTestServer, TestServer } from "../support/server.js"

/** Inside the repository so the program resolves openapi-fetch from its node_modules; ignored by git. */
const outDir = path.join(repoRoot, "test", ".generated", `client-${process.pid}`)

/** A client program as an integrator writes it: strict TypeScript over the generated types. */
const program = `import createClient from "openapi-fetch"
import type { paths } from "./schema.js"

export const calls = async (baseUrl: string, key: string) => {
  const client = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${key}\` } })
  const search = await client.GET("/v1/search", { params: { query: { q: "dangote", country: "NG", limit: 5, offset: 0 } } })
  const count: number | undefined = search.data?.count
  const company = await client.GET("/v1/company/{country}/{registration_no}", {
    params: { path: { country: "NG", registration_no: "RC 208767" } }
  })
  const legalName: string | undefined = company.data?.legal_name
  const awards = await client.GET("/v1/company/{country}/{registration_no}/awards", {
    params: { path: { country: "NG", registration_no: "RC 208767" }, query: { limit: 10, offset: 0 } }
  })
  const awardCount: number | undefined = awards.data?.count
  const buyer: string | null | undefined = awards.data?.awards[0]?.buyer
  const awardValue: number | null | undefined = awards.data?.awards[0]?.value
  const byQuery = await client.GET("/v1/verify", { params: { query: { name: "Dangote Cement PLC", country: "NG" } } })
  const byBody = await client.POST("/v1/verify", { body: { name: "Dangote Cement PLC", country: "NG" } })
  const result: "verified" | "review" | "not_found" | undefined = byBody.data?.result
  const tooBig = await client.GET("/v1/search", { params: { query: { q: "x", limit: 100 } } })
  const code: string | undefined = company.error?.error
  return { count, legalName, awardCount, buyer, awardValue, result, byQuery: byQuery.data?.result, tooBig: tooBig.response.status, code }
}
`

const dangote = {
  country: "NG", registration_no: "RC 208767", legal_name: "Dangote Cement PLC", status: "active" as const,
  source: "Corporate Affairs Commission (NG-CAC)", source_kind: "registry" as const, last_verified_at: new Date().toISOString()
}

describe("the contract for generated clients (issue 16)", () => {
  layer(makeTestServer(), { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("openapi-typescript + openapi-fetch: compiles under strict and agrees with the live answers", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        yield* (yield* CompanyWriter).upsertBatch([dangote]).pipe(Effect.orDie)
        const award = awardOf(1, {
          country: "NG", ocid: "ocds-test-1", buyer: "Federal Ministry of Works", title: "Cement supply", value: 125000000,
          currency: "NGN", date: "2024-03-01", supplier: "Dangote Cement PLC", source_url: null
        })
        if (typeof award === "string") return yield* Effect.die(new Error(award))
        yield* upsertAwards(yield* SqlClient.SqlClient, [award]).pipe(Effect.orDie)
        const key = yield* server.newKey({ plan: "free", quota: 8 })
        const doc = yield* Effect.promise(() => fetch(`${server.url}/v1/openapi.json`).then((r) => r.text()))
        const limit = (JSON.parse(doc) as { paths: Record<string, Record<string, { parameters: ReadonlyArray<{ name: string; schema: Record<string, unknown> }> }>> })
          .paths["/v1/search"]!["get"]!.parameters.find((p) => p.name === "limit")!.schema
        assert.deepInclude(limit, { type: "integer", minimum: 1, maximum: 100, default: 25 })

        fs.mkdirSync(outDir, { recursive: true })
        const types = astToString(yield* Effect.promise(() => openapiTS(doc)))
        fs.writeFileSync(path.join(outDir, "schema.d.ts"), types)
        fs.writeFileSync(path.join(outDir, "client.ts"), program)
        const tsc = spawnSync(process.execPath, [
          path.join(repoRoot, "node_modules", "typescript", "bin", "tsc"), "--noEmit", "--strict", "--target", "es2022",
          "--module", "nodenext", "--moduleResolution", "nodenext", "--skipLibCheck", path.join(outDir, "client.ts")
        ], { encoding: "utf8" })
        assert.strictEqual(tsc.status, 0, `${tsc.stdout}${tsc.stderr}`)

        const raw = (route: string, init?: RequestInit) => fetch(`${server.url}${route}`, init)
        // The compiled program itself, run against the server: its typed calls (6 requests of the quota of 8).
        const { calls } = yield* Effect.promise(() => import(path.join(outDir, "client.ts")) as Promise<{ calls: (u: string, k: string) => Promise<Record<string, unknown>> }>)
        const answers = yield* Effect.promise(() => calls(server.url, key))
        assert.deepStrictEqual(answers, {
          count: 1, legalName: "Dangote Cement PLC", awardCount: 1, buyer: "Federal Ministry of Works", awardValue: 125000000,
          result: "review", byQuery: "review", tooBig: 200, code: undefined
        })
        const statuses = yield* Effect.promise(async () => ({
          badRequest: (await raw("/v1/search?q=x&limit=1000", { headers: { authorization: `Bearer ${key}` } })).status,
          unauthorized: (await raw("/v1/search?q=x")).status,
          notFound: (await raw("/v1/company/NG/RC%20999", { headers: { authorization: `Bearer ${key}` } })).status,
          quota: (await raw("/v1/search?q=x", { headers: { authorization: `Bearer ${key}` } })).status
        }))
        assert.deepStrictEqual(statuses, { badRequest: 400, unauthorized: 401, notFound: 404, quota: 429 })
        const documented = JSON.parse(doc) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }
        for (const status of ["400", "401", "429"]) assert.property(documented.paths["/v1/search"]!["get"]!.responses, status)
        assert.property(documented.paths["/v1/company/{country}/{registration_no}"]!["get"]!.responses, "404")
        const awardsOperation = documented.paths["/v1/company/{country}/{registration_no}/awards"]!["get"]!
        for (const status of ["200", "400", "401", "404", "429"]) assert.property(awardsOperation.responses, status)
        const awardsExample = (awardsOperation.responses["200"] as { content: Record<string, { example?: { awards?: ReadonlyArray<unknown> } }> })
          .content["application/json"]!.example
        assert.isAbove(awardsExample?.awards?.length ?? 0, 0, "the awards operation has a worked example")
        fs.rmSync(outDir, { recursive: true, force: true })
      }))

    it.effect("Redocly's recommended ruleset reports no error (and no warning) on the document", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const doc = yield* Effect.promise(() => fetch(`${server.url}/v1/openapi.json`).then((r) => r.text()))
        const problems = yield* Effect.promise(async () =>
          lintFromString({ source: doc, absoluteRef: "/v1/openapi.json", config: await createConfig({ extends: ["recommended"] }) })
        )
        assert.deepStrictEqual(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`), [])
      }))
  })
})
