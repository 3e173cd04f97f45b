import * as HttpServerRequest from "effect/http/HttpServerRequest"
import { Context, Effect, Option } from "effect"
import { Statement } from "effect/sql"
import type { CanonicalCompany } from "../../src/domain/CanonicalCompany.js"

/**
 * The text of each statement a request runs while `recording` is on, for a server given `transformer` as its
 * Statement.CurrentTransformer. Only the request's own statements (its fiber holds the request): a background job (the
 * webhook deliveries' poll) may run a statement of its own meanwhile.
 */
export const requestStatements = () => {
  const noted: Array<string> = []
  const state = { recording: false }
  const transformer: Statement.Transformer = (self, _sql, fiber) =>
    Effect.sync(() => {
      if (state.recording && Option.isSome(Context.getOption(fiber.context, HttpServerRequest.HttpServerRequest))) noted.push(self.compile()[0])
      return self
    })
  /** The statements `request` runs (and what it answers), noted afresh. */
  const during = <A, E, R>(request: Effect.Effect<A, E, R>) =>
    Effect.suspend(() => {
      noted.length = 0
      state.recording = true
      return Effect.ensuring(request, Effect.sync(() => (state.recording = false)))
    })
  return { noted, transformer, during }
}

/** SYNTHETIC: a South African company with an officer, made up for the request-path tests. */
export const syntheticZaCompany = (registration_no: string, legal_name: string): CanonicalCompany => ({
  country: "ZA",
  registration_no,
  legal_name,
  status: "active",
  source: "synthetic test record",
  source_kind: "registry",
  last_verified_at: new Date().toISOString(),
  officers: [{ name: "Synthetic Director", role: "director", appointed_on: "2015-03-01", resigned_on: null, nationality: "ZA" }]
})
