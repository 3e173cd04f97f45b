import { Effect, Option, Context, Layer } from "effect"
import { CompanyNotFound } from "../domain/errors.js"
import { Award, AwardPage } from "../domain/schemas/Award.js"
import { AwardsRepo } from "./AwardsRepo.js"

/**
 * The government procurement awards the service holds for a company (the evidence behind the verdict's
 * `has_government_contracts`): suppliers of ingested awards matched to stored companies, newest first, paged.
 */
export class Awards extends Context.Service<Awards>()("kyb/Awards", {
  make: Effect.gen(function*() {
    const repo = yield* AwardsRepo

    const page = Effect.fnUntraced(function*(country: string, registrationNo: string, params: { readonly limit?: number | undefined; readonly offset?: number | undefined }) {
      const limit = params.limit ?? 25
      const offset = params.offset ?? 0
      const found = yield* repo.page(country, registrationNo, { limit, offset }).pipe(Effect.orDie)
      if (Option.isNone(found)) {
        return yield* Effect.fail(CompanyNotFound.of(`No company ${registrationNo} is held for country ${country.toUpperCase()}.`))
      }
      const { awards, company } = found.value
      return new AwardPage({
        country: company.country,
        registration_no: company.registration_no,
        count: company.count,
        limit,
        offset,
        awards: awards.map((a) =>
          new Award({
            buyer: a.buyer,
            title: a.title,
            value: a.value,
            currency: a.currency,
            date: a.date,
            supplier: a.supplier,
            source: { ocid: a.ocid, url: a.source_url, ingested_at: a.ingested_at }
          })
        )
      })
    })

    return { page } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([AwardsRepo.Default]))
}
