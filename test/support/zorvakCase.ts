import { NAME } from "../cases/linkedFixtures.js"

/** SYNTHETIC: a registered South African company bearing the made-up name of the synthetic SDN and UN entries. */
export const zorvak = {
  country: "ZA",
  registration_no: "2099/000001/07",
  legal_name: NAME,
  status: "active" as const,
  source: "SYNTHETIC test record: no registry holds it",
  source_kind: "registry" as const,
  last_verified_at: new Date(Date.now() - 86_400_000).toISOString()
}

/** What the case tests read of a `POST /v1/verify` answer. */
export interface VerdictBody {
  result: string
  review_reasons: ReadonlyArray<string>
  check_id: string
  company: { registration_no: string | null } | null
  sanctions: { hits: ReadonlyArray<{ list: string; entry_id: string }> }
}

/** What the case tests read of a case in `GET /v1/cases` and `GET /v1/cases/{id}`. */
export interface CaseSummary {
  id: string; status: string; outcome: string | null; reasons: ReadonlyArray<string>; reasons_seen: ReadonlyArray<string>
  resolved_by_later_check: boolean; reopened_at: string | null; check_count: number; subject: Record<string, string>
}
