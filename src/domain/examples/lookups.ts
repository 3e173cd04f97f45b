/** Examples of the look-ups: search, a company, its awards, a verdict, the registries, health. */
/** Where the example company's legal name comes from (the record and the check that kept it show the same). */
export const companyProvenance = {
  legal_name: {
    source: "Corporate Affairs Commission (NG-CAC)",
    source_url: "https://search.cac.gov.ng/",
    checked_at: "2026-11-20T08:00:00.000Z",
    confidence: 0.9
  }
}

const company = {
  country: "NG",
  registration_no: "RC 208767",
  reference_id: null,
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
  source_kind: "registry",
  registry_url: "https://search.cac.gov.ng/",
  last_verified_at: "2026-11-20T08:00:00.000Z",
  confidence: 0.9,
  identifiers: [
    { scheme: "NG-CAC", value: "RC 208767", source: "Corporate Affairs Commission (NG-CAC)" },
    { scheme: "NG-TIN", value: "04059106-0001", source: "EITI report (NEITI)" }
  ],
  registry_evidence: {
    source: "Corporate Affairs Commission (NG-CAC)",
    source_url: "https://search.cac.gov.ng/",
    checked_at: "2026-11-20T08:00:00.000Z",
    kind: "registry"
  }
}

export const lookupExamples: Record<string, unknown> = {
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
    owners: [{
      name: "Dangote Industries Limited",
      name_as_registered: null,
      kind: "entity",
      nationality: "Nigerian",
      share_pct: 96.6,
      voting_pct: null,
      notified_on: "2023-05-07",
      source: "Corporate Affairs Commission (NG-CAC), Persons with Significant Control register",
      last_verified_at: "2026-08-12T00:00:00.000Z",
      lei: null,
      relationship: null,
      sources: [{
        source: "Corporate Affairs Commission (NG-CAC), Persons with Significant Control register",
        last_verified_at: "2026-08-12T00:00:00.000Z",
        fields: ["name", "kind", "nationality", "share_pct", "notified_on"]
      }]
    }],
    provenance: companyProvenance,
    linked_records: []
  },
  "companies.awards": {
    country: "NG",
    registration_no: "RC 460516",
    count: 2,
    limit: 25,
    offset: 0,
    awards: [{
      buyer: "BENIN-OWENA RIVER BASIN DEVELOPMENT AUTHORITY",
      title: "Construction of Small Hydro Power Facilities at Okhunwon, Edo State.",
      value: 156220610.1,
      currency: "NGN",
      date: "2011-11-30",
      supplier: "DTEC Nigeria Limited",
      source: { ocid: "ocds-gyl66f-borbda-8w7obl", url: null, ingested_at: "2026-11-20T08:00:00Z" }
    }, {
      buyer: "BENIN-OWENA RIVER BASIN DEVELOPMENT AUTHORITY",
      title: "Construction of Small Hydro Power Facilities at Owena Dam",
      value: 404751861.4,
      currency: "NGN",
      date: "2011-01-09",
      supplier: "DTEC Nigeria Limited",
      source: { ocid: "ocds-gyl66f-borbda-696obg", url: null, ingested_at: "2026-11-20T08:00:00Z" }
    }]
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
      officers_screened: 1,
      debarred: null
    },
    people_screened: [{ name: "Aliko Dangote", role: "officer", position: "chairman", source: "record", result: "clear" }],
    names_screened: [
      { name: "Dangote Cement", from: "input", screened_as: ["entity", "vessel"] },
      { name: "Dangote Cement PLC", from: "legal_name", screened_as: ["entity", "vessel"] },
      { name: "Aliko Dangote", from: "officer", screened_as: ["individual"] }
    ],
    sources: [
      "Corporate Affairs Commission (NG-CAC)", "OFAC SDN (2024-05-03)", "OFAC Consolidated (2025-12-19)", "UN SC (2026-02-27)",
      "UK OFSI Consolidated (2025-04-14)", "EU Financial Sanctions Files (2026-08-05)", "World Bank Debarred (2025-01-07)"
    ],
    known_from: [{
      source: "Corporate Affairs Commission (NG-CAC)",
      source_url: "https://search.cac.gov.ng/",
      kind: "registry",
      as_of: "2026-11-20T08:00:00.000Z"
    }],
    sources_tried: [
      { source: "ng-cac", asked: null, outcome: "not_asked", reason: "answered_from_store", can_confirm: ["registered", "status"] },
      { source: "gleif", asked: null, outcome: "not_asked", reason: "answered_from_store", can_confirm: ["status", "owners"] }
    ],
    lists: [
      {
        list: "ofac_sdn", name: "OFAC SDN", version: "2026-11-21", published_on: "2026-11-21", dated_by: "publication",
        fetched_from: "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports", confirmed_on: "2026-11-22",
        confirmed_from: "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports", as_of: "2026-11-22", age_days: 0, max_age_days: 7, stale: false
      },
      {
        list: "un_sc", name: "UN SC Consolidated", version: "2026-11-20", published_on: "2026-11-20", dated_by: "publication",
        fetched_from: "https://mirror.example.org/un/consolidated.xml", confirmed_on: null, confirmed_from: null, as_of: "2026-11-20", age_days: 2, max_age_days: 7, stale: false
      }
    ],
    review_reason: null,
    review_reasons: [],
    checked_at: "2026-11-22T10:00:00.000Z",
    check_id: "0f8b2c7e-9d41-4a57-b1d3-2c4e6f8a9b10"
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
      coverage: "live",
      record_count: 132,
      last_verified_at: "2026-11-20T08:00:00.000Z",
      asked_live: "own_search",
      confirms_live: ["registered", "status"],
      terms: ["free"],
      access_note: "Public JSON search, no key; the older searchapp/postapp addresses answered 404 on 2026-09-15.",
      last_answered_at: "2026-11-22T09:58:12.000Z",
      sources: [{
        id: "ng-cac",
        name: "CAC iCRP public search",
        kind: "own_search",
        live: true,
        terms: ["free"],
        confirms: ["registered", "status"],
        covers: "every business on the register",
        evidence: "registry-shapes.md (2026-11-29) §1C; Albende/credyx ng adapter (2026)",
        last_answered_at: "2026-11-22T09:58:12.000Z"
      }, {
        id: "gleif",
        name: "GLEIF Global LEI Index",
        kind: "gleif",
        live: false,
        terms: ["free"],
        confirms: ["registered", "status", "owners"],
        covers: "businesses holding an LEI (registered only when the issuer fully corroborated it against the registry)",
        evidence: "api.gleif.org JSON:API, CC0; registeredAt/registeredAs, registration.corroborationLevel, level-2 parents",
        last_answered_at: null
      }]
    }]
  },
  "health": {
    status: "ok",
    database: "reachable",
    lists: [
      {
        list: "ofac_sdn", version: "2026-11-21", published_on: "2026-11-21", dated_by: "publication",
        fetched_from: "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports", confirmed_on: "2026-11-22",
        confirmed_from: "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports", as_of: "2026-11-22", age_days: 0, max_age_days: 7, stale: false
      },
      {
        list: "un_sc", version: "2026-11-20", published_on: "2026-11-20", dated_by: "publication",
        fetched_from: "https://mirror.example.org/un/consolidated.xml", confirmed_on: null, confirmed_from: null, as_of: "2026-11-20", age_days: 2, max_age_days: 7, stale: false
      }
    ],
    stale_lists: []
  }
}
lookupExamples["verify.verifyByBody"] = lookupExamples["verify.verifyByQuery"]
