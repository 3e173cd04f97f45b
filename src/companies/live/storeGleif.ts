import type { SqlClient } from "effect/sql"
import { Effect, Option } from "effect"
import { canonicalNumber, type RegistryId } from "../../domain/registrationNumbers.js"
import { type GleifFinding, GLEIF_SOURCE } from "../../registries/gleif/GleifSource.js"
import { replaceGleifParents } from "../../registries/gleif/parentsWriter.js"
import type { CompanyWriter } from "../CompanyWriter.js"

/** Where a stored record is: its registry number, or (a reference entity) its reference id, in its country. */
export interface StoredKey {
  readonly country: string
  readonly registration_no: string
}

/**
 * GLEIF's findings stored: each record through CompanyWriter (registered ones with GLEIF's evidence, the others as
 * reference entities), then its level-2 parents as its GLEIF owners. Yields how many records were stored.
 */
export const storeGleifFindings = (
  sql: SqlClient.SqlClient,
  writer: Pick<CompanyWriter["Service"], "upsertBatch">,
  findings: ReadonlyArray<GleifFinding>
) =>
  Effect.gen(function*() {
    if (findings.length === 0) return 0
    const written = yield* writer.upsertBatch(findings.map((f) => f.record))
    const refused = new Set(written.rejected.map((r) => r.index))
    for (const [index, f] of findings.entries()) {
      if (!refused.has(index)) yield* replaceGleifParents(sql, f.record, GLEIF_SOURCE, f.record.last_verified_at, f.owners)
    }
    return written.inserted + written.updated + written.unchanged
  })

/**
 * Of GLEIF's answer for a number in a registry: the record GLEIF confirms with that number, else a reference entity
 * that carries it (GLEIF knows the business under that number but does not confirm it), else none.
 */
export const keyOfNumberAnswer = (registry: RegistryId, raw: string, findings: ReadonlyArray<GleifFinding>): Option.Option<StoredKey> => {
  const key = canonicalNumber(registry, raw).key
  const registered = findings.find((f) => f.record.registration_no != null && canonicalNumber(registry, f.record.registration_no).key === key)
  if (registered !== undefined) return Option.some({ country: registered.record.country, registration_no: registered.record.registration_no! })
  const reference = findings.find((f) => f.record.reference_id != null)
  return reference === undefined ? Option.none() : Option.some({ country: reference.record.country, registration_no: reference.record.reference_id! })
}
