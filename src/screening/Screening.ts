import { SqlClient } from "effect/sql"
import { Clock, Context, Effect, Layer, Option, Schema } from "effect"
import { randomUUID } from "node:crypto"
import type { Actor } from "../access/actor.js"
import { Screening as ScreeningAnswer, type ScreenInput } from "../domain/schemas/Screen.js"
import { typedValues } from "../domain/schemas/trusted.js"
import { type CheckRow, ChecksRepo } from "../checks/ChecksRepo.js"
import { inputAsSent } from "../checks/inputAsSent.js"
import { Decisions } from "../decisions/Decisions.js"
import { applyDecisions, nameSubjectKey, outcomeOf } from "../domain/decisions.js"
import { normalizeName } from "../domain/normalize.js"
import { VERDICT_POLICY_VERSION } from "../domain/verdictPolicy.js"
import { traced } from "../metrics/span.js"
import { THRESHOLDS } from "../sanctions/matching/scoring.js"
import { isDebarmentList, listDisplayName } from "../sanctions/model.js"
import { Screener } from "../sanctions/Screener.js"
import { ScreeningLists } from "../screeningLists/ScreeningLists.js"
import { sanctionsHitsOf } from "../verify/apiHits.js"
import { entityTypesOf } from "./kinds.js"
import { withKnownFacts } from "./withKnownFacts.js"

const encode = Schema.encodeSync(ScreeningAnswer)

/** The inputs as the service reads them (trimmed name, upper-case codes). */
const normalisedInput = (input: ScreenInput): Record<string, string> => ({
  name: input.name.trim().replace(/\s+/g, " "),
  kind: input.kind ?? "unknown",
  ...(input.country === undefined ? {} : { country: input.country.toUpperCase() }),
  ...(input.nationality === undefined ? {} : { nationality: input.nationality.toUpperCase() }),
  ...(input.date_of_birth === undefined ? {} : { date_of_birth: input.date_of_birth }),
  ...(input.identifiers === undefined ? {} : { identifiers: JSON.stringify(input.identifiers) })
})

/**
 * Any one name screened on demand (POST /v1/screen, its batch, the `screen_name` tool): a person, an organisation, a
 * vessel, or a name of unknown kind (every kind), against the lists the account screens. What the caller knows (date
 * or year of birth, nationality, identifiers) moves each hit's score and is said in its explanation. The account's
 * decisions on the name apply as on a verification of it (the subject `name:<normalised>`, in its country), and the
 * screening is kept as a check (`kind` screen) like a verification.
 */
export class Screening extends Context.Service<Screening>()("kyb/Screening", {
  make: Effect.gen(function*() {
    const screener = yield* Screener
    const decisions = yield* Decisions
    const screeningLists = yield* ScreeningLists
    const checks = yield* ChecksRepo
    const sql = yield* SqlClient.SqlClient

    /** The screening of one name for the actor's account, not kept. */
    const answer = Effect.fnUntraced(function*(input: ScreenInput, actor: Actor) {
      const lists = (actor.lists ?? (yield* screeningLists.listsOf(actor.accountId))).filter((l) => !isDebarmentList(l))
      const kind = input.kind ?? "unknown"
      const entityTypes = entityTypesOf(kind)
      const country = input.country?.toUpperCase()
      const screened = yield* screener.screen([{ name: input.name, from: "input" }], { country, entityTypes, lists })
      const hits = withKnownFacts(screened.hits, input)
      const rules = actor.decisionsRecorded === false || hits.length === 0 ? [] : yield* decisions.lookupFor(actor.accountId)({
        subjectKeys: [nameSubjectKey(normalizeName(input.name))],
        country: country ?? null,
        entries: hits.map((h) => ({ list: h.list, entry_id: h.entry_id }))
      })
      const decided = applyDecisions(hits, rules)
      const now = new Date(yield* Clock.currentTimeMillis)
      const currency = yield* screener.currency(lists)
      return new ScreeningAnswer({
        name: input.name,
        kind,
        screened_as: [...entityTypes],
        result: screened.screened ? outcomeOf(decided, THRESHOLDS.match) : "unavailable",
        hits: sanctionsHitsOf(decided),
        lists: currency.map((l) => ({
          list: l.list, name: l.name, version: l.version, published_on: l.publishedOn, as_of: l.asOf, age_days: l.ageDays, stale: l.stale
        })),
        sources: yield* screener.sourcesFor(lists),
        checked_at: now.toISOString(),
        check_id: randomUUID()
      }, typedValues)
    })

    /** The screening and the check that keeps it. */
    const kept = Effect.fnUntraced(function*(input: ScreenInput, actor: Actor) {
      const answered = yield* answer(input, actor)
      const lists = actor.lists ?? (yield* screeningLists.listsOf(actor.accountId))
      const versions = (yield* screener.versions).filter((v) => lists.includes(v.list))
      return { answered, row: {
        id: answered.check_id!,
        kind: "screen",
        account_id: actor.accountId,
        key_id: actor.keyId,
        performed_by: actor.by,
        created_at: new Date(answered.checked_at),
        input: inputAsSent(input),
        input_normalized: normalisedInput(input),
        verdict: encode(answered),
        lists: versions.map((v) => ({ list: listDisplayName[v.list], version: v.label, sha256: v.sha256 })),
        provenance: null,
        policy_version: VERDICT_POLICY_VERSION
      } satisfies CheckRow }
    })

    /** Screens the name and keeps the screening as a check of the actor's account; the answer carries its `check_id`. */
    const screen = (input: ScreenInput, actor: Actor) =>
      Effect.flatMap(kept(input, actor), ({ answered, row }) => Effect.as(checks.insert(row).pipe(Effect.orDie), answered)).pipe(
        traced("Screening.screen")
      )

    /**
     * Screens, then keeps the check and runs `then` in one transaction, only if `guard` (run first in it) holds: a
     * batch row whose job was cancelled meanwhile keeps nothing (as `Checks.verifyIf`). None when the guard did not hold.
     */
    const screenIf = <A, E>(input: ScreenInput, actor: Actor, guard: Effect.Effect<boolean, E>, then: (answer: ScreeningAnswer) => Effect.Effect<A, E>) =>
      Effect.flatMap(kept(input, actor), ({ answered, row }) =>
        sql.withTransaction(Effect.gen(function*() {
          if (!(yield* guard)) return Option.none<A>()
          yield* checks.insert(row)
          return Option.some(yield* then(answered))
        })).pipe(Effect.catchTag("SqlError", Effect.die)))

    return { screen, screenIf, answer } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([ChecksRepo.Default, Decisions.Default, ScreeningLists.Default]))
}
