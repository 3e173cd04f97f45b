import { caseSubjectKey, type CaseFindings, hitKey } from "../domain/cases.js"

/** What a case keeps of a check in review: its subject (key and words), what it found and its best undecided hit. */
export interface CaseIntake {
  readonly accountId: string
  readonly checkId: string
  readonly at: Date
  /** A verdict in review opens a case; any other only joins the case its subject has. */
  readonly inReview: boolean
  /** The verdict's result as answered (review, verified, ...). */
  readonly result: string
  readonly subjectKey: string
  /**
   * A resolved business's keys as a name (the name given, its legal name; in its country): the case a check of the
   * same business by name opened before it was resolved, which this check joins (and keys by the company from then on).
   */
  readonly nameKeys: ReadonlyArray<string>
  readonly subject: Readonly<Record<string, string>>
  readonly findings: CaseFindings
  readonly best: { readonly score: number; readonly list: string; readonly name: string } | null
}

interface StoredVerdict {
  readonly result?: unknown
  readonly review_reasons?: ReadonlyArray<unknown>
  readonly company?: {
    readonly country: string; readonly registration_no: string | null; readonly reference_id?: string | null; readonly legal_name: string
  } | null
  readonly sanctions?: { readonly hits?: ReadonlyArray<{ readonly list: string; readonly entry_id: string; readonly name: string; readonly score: number; readonly decision: unknown }> }
}

/**
 * What a kept verification brings to its subject's case, or null when it names no subject (a business resolved, or
 * a name). A verdict in `review` opens the case; every verdict joins the one its subject has (issue 55). The key is
 * computed as sql/0300_cases.sql computes it for the checks it backfilled.
 */
export const caseOfCheck = (check: {
  readonly id: string
  readonly account_id: string
  readonly created_at: Date
  readonly input: Readonly<Record<string, string>>
  readonly input_normalized: Readonly<Record<string, string>>
  readonly verdict: unknown
}): CaseIntake | null => {
  const verdict = check.verdict as StoredVerdict
  const company = verdict.company ?? null
  const companyId = company === null ? null : company.registration_no ?? company.reference_id ?? null
  const country = company?.country ?? check.input_normalized["country"] ?? null
  const subjectKey = caseSubjectKey({
    company: company === null || companyId === null ? null : { country: company.country, id: companyId },
    name: check.input_normalized["name"] ?? null,
    country: check.input_normalized["country"] ?? null
  })
  if (subjectKey === null) return null
  const asName = (name: string | null | undefined) =>
    name == null ? null : caseSubjectKey({ company: null, name: name.trim().replace(/\s+/g, " "), country: country?.toUpperCase() ?? null })
  const nameKeys = subjectKey.startsWith("company:")
    ? [...new Set([asName(check.input_normalized["name"]), asName(company?.legal_name)].filter((k): k is string => k !== null))]
    : []
  const undecided = (verdict.sanctions?.hits ?? []).filter((h) => h.decision === null)
  const best = undecided.reduce<typeof undecided[number] | null>((top, h) => top === null || h.score > top.score ? h : top, null)
  return {
    accountId: check.account_id,
    checkId: check.id,
    at: check.created_at,
    inReview: verdict.result === "review",
    result: typeof verdict.result === "string" ? verdict.result : "unknown",
    subjectKey,
    nameKeys,
    subject: {
      ...(company === null ? {} : { name: company.legal_name }),
      ...(company?.registration_no == null ? {} : { registration_no: company.registration_no }),
      ...(country === null ? {} : { country: country.toUpperCase() }),
      ...(check.input["name"] === undefined ? {} : { name_given: check.input["name"] })
    },
    findings: {
      reasons: (verdict.review_reasons ?? []).filter((r): r is string => typeof r === "string"),
      hits: [...new Set(undecided.map(hitKey))]
    },
    best: best === null ? null : { score: best.score, list: best.list, name: best.name }
  }
}

/** A decision's subject as sent: a name (and country), or a company by country and registration number. */
export interface SubjectOfDecision {
  readonly name?: string | undefined
  readonly country?: string | undefined
  readonly registration_no?: string | undefined
}

/** The case key of a decision's subject, as `caseOfCheck` keys a check's (the name as read: trimmed, spaces collapsed). */
export const subjectKeyOfDecision = (s: SubjectOfDecision): string =>
  caseSubjectKey({
    company: s.registration_no !== undefined && s.country !== undefined ? { country: s.country, id: s.registration_no } : null,
    name: (s.name ?? "").trim().replace(/\s+/g, " "),
    country: s.country ?? null
  }) ?? `name:${(s.country ?? "-").toUpperCase()}:`

/** A case's subject words from a decision's subject. */
export const caseSubjectOf = (s: SubjectOfDecision): Readonly<Record<string, string>> => ({
  ...(s.name === undefined ? {} : { name_given: s.name }),
  ...(s.registration_no === undefined ? {} : { registration_no: s.registration_no }),
  ...(s.country === undefined ? {} : { country: s.country.toUpperCase() })
})
