/** One worked example per operation, shown in /v1/openapi.json and the docs page. */
const company = {
  country: "NG",
  registration_no: "RC 208767",
  legal_name: "Dangote Cement PLC",
  status: "active",
  entity_type: "public_limited_company",
  entity_type_label: "Public Limited Company",
  incorporation_date: "1992-11-04",
  registered_address: null,
  tax_id: null,
  listed_ticker: "DANGCEM",
  source: "Corporate Affairs Commission (NG-CAC)",
  source_url: "https://search.cac.gov.ng/",
  registry_url: "https://search.cac.gov.ng/",
  last_verified_at: "2026-11-20T08:00:00.000Z",
  confidence: 0.9
}

const examples: Record<string, unknown> = {
  "search.search": {
    query: "dangote cement",
    query_normalized: "dangote cement",
    country: "NG",
    count: 1,
    limit: 25,
    offset: 0,
    source: "db",
    checked_registries: [],
    unreachable_registries: [],
    results: [{ ...company, match_type: "prefix", match_score: 1, matched_field: "legal_name" }]
  },
  "companies.get": {
    ...company,
    officers: [{
      name: "Aliko Dangote",
      role: "chairman",
      appointed_on: null,
      resigned_on: null,
      nationality: "NG",
      source: "Corporate Affairs Commission (NG-CAC)",
      last_verified_at: "2026-11-20T08:00:00.000Z"
    }],
    provenance: {
      legal_name: {
        source: "Corporate Affairs Commission (NG-CAC)",
        source_url: "https://search.cac.gov.ng/",
        checked_at: "2026-11-20T08:00:00.000Z",
        confidence: 0.9
      }
    }
  },
  "verify.verifyByQuery": {
    result: "verified",
    registered: true,
    match_confidence: 1,
    company,
    candidates: [],
    sanctions: { screened: true, result: "clear", hits: [] },
    data_confidence: 0.9,
    signals: {
      listed: true,
      has_government_contracts: false,
      has_trademarks: false,
      active: true,
      registry_reachable: true,
      sanctions_hit: false,
      officer_sanctions_hit: false,
      officers_screened: 1
    },
    sources: ["Corporate Affairs Commission (NG-CAC)", "OFAC SDN (2024-05-03)", "OFAC Consolidated (2025-12-19)", "UN SC (2026-02-27)"],
    review_reason: null,
    review_reasons: [],
    checked_at: "2026-11-22T10:00:00.000Z"
  },
  "registries.list": {
    registries: [{
      id: "ng-cac",
      country: "NG",
      name: "Corporate Affairs Commission",
      identifier_scheme: "NG-CAC",
      url: "https://search.cac.gov.ng/",
      live: true,
      reachable: true,
      record_count: 132,
      last_verified_at: "2026-11-20T08:00:00.000Z"
    }]
  },
  "health": { status: "ok", database: "reachable" }
}
examples["verify.verifyByBody"] = examples["verify.verifyByQuery"]

export const operationExamples: Readonly<Record<string, unknown>> = examples
