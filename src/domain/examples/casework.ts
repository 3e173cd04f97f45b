import { companyProvenance } from "./lookups.js"

/** Examples of screening, checks, batches, decisions and cases, added to `examples` in this order. */
export const addCaseworkExamples = (examples: Record<string, unknown>): void => {
  // OFAC SDN entry 32796 as data/sanctions/ofac-sdn gives it, screened as "Ali Rage" born in 1966, Somali.
  examples["screen.screen"] = {
    name: "Ali Rage",
    kind: "person",
    screened_as: ["individual"],
    result: "match",
    hits: [{
      list: "ofac_sdn",
      entry_id: "32796",
      name: "RAGE, Ali Mohamed",
      matched_name: "RAGE, Ali Mohamed",
      score: 0.97,
      programs: ["SDGT"],
      entity_type: "individual",
      listed_on: null,
      list_version: "2024-05-03",
      screened_name: "Ali Rage",
      screened_from: "input",
      entry_hash: "246049eef7f3accfbe2f85319b1638055bcc240026c73bffc21facc108a2c5d4",
      listing: {
        aliases: [
          { name: "RAGE, Ali Mohammed", quality: "strong", kind: "aka" },
          { name: "DHEERE, Ali", quality: "weak", kind: "weak_aka" },
          { name: "DHERE, Ali", quality: "weak", kind: "weak_aka" }
        ],
        original_script_names: [],
        countries: ["Somalia"],
        identifiers: [],
        official_url: "https://sanctionssearch.ofac.treas.gov/Details.aspx?id=32796",
        details: {
          listed_on: null,
          addresses: [{ address: null, country: "Somalia", note: null }],
          remarks: ["DOB 1966; POB Hawlwadag District, Mogadishu, Somalia; nationality Somalia; Gender Male; a.k.a. 'DHEERE, Ali'; a.k.a. 'DHERE, Ali'; Linked To: AL-SHABAAB."],
          nationalities: ["Somalia"],
          dates_of_birth: ["1966"],
          places_of_birth: ["Hawlwadag District, Mogadishu, Somalia"],
          positions: [],
          documents: [],
          legal_acts: [],
          vessel: null
        }
      },
      decision: null,
      dismissed: false,
      explanation: {
        summary: "\"ali rage\" against \"rage ali muhammad\": 2 of 3 words agree; one name is contained in the other; score 0.89; what the caller knows: born in 1966, as the list gives (1966) (+0.04); nationality SO, as the list gives (Somalia) (+0.04); score 0.97",
        factors: [
          { factor: "word_agrees", effect: 0.521, detail: "\"rage\" = \"rage\"" },
          { factor: "word_agrees", effect: 0.258, detail: "\"ali\" = \"ali\"" },
          { factor: "word_only_in_listed_name", effect: -0.221, detail: "\"muhammad\" is not in the screened name" },
          { factor: "containment", effect: 0, detail: "one name is contained in the other" },
          { factor: "year_of_birth_agrees", effect: 0.04, detail: "born in 1966, as the list gives (1966)" },
          { factor: "nationality_agrees", effect: 0.04, detail: "nationality SO, as the list gives (Somalia)" }
        ]
      },
      linked: []
    }],
    lists: [{ list: "ofac_sdn", name: "OFAC SDN", version: "2024-05-03", published_on: null, as_of: null, age_days: null, stale: true }],
    sources: ["OFAC SDN (2024-05-03)"],
    checked_at: "2026-11-22T10:00:00.000Z",
    check_id: "5a7c9e1b-3d5f-4a7c-9e1b-3d5f7a9c1e3b"
  }
  examples["checks.get"] = {
    id: "0f8b2c7e-9d41-4a57-b1d3-2c4e6f8a9b10",
    kind: "verify",
    created_at: "2026-11-22T10:00:00.000Z",
    input: { name: "Dangote Cement", registration_no: "RC 208767", country: "ng" },
    input_normalized: { name: "Dangote Cement", registration_no: "RC208767", country: "NG" },
    verdict: examples["verify.verifyByQuery"],
    // the version hashes of data/sanctions as `npm run demo` loads it (test/contract/exampleListHashes.test.ts)
    lists: [
      { list: "OFAC SDN", version: "2024-05-03", sha256: "f2e9b36d462da396f2de28938f556d3863cf43a27ae6639439fd2a0580503b61" },
      { list: "OFAC Consolidated (non-SDN)", version: "2025-12-19", sha256: "3b8a4343be5c185bb1ce509015b1ed9da2675eeea406ab3f36ea87081d36525d" },
      { list: "UN SC Consolidated", version: "2026-02-27", sha256: "b66b0976a24847a3eed0011e8c2e316fbbbffdd545ce0dbbe53a93eb265d58f8" }
    ],
    provenance: companyProvenance,
    policy_version: "2026-11-24.2",
    performed_by: { type: "key", id: "key_5b7d9f1a3c5e", label: "onboarding service" }
  }
  examples["checks.list"] = {
    checks: [{
      id: "0f8b2c7e-9d41-4a57-b1d3-2c4e6f8a9b10",
      created_at: "2026-11-22T10:00:00.000Z",
      input: { name: "Dangote Cement", registration_no: "RC 208767", country: "ng" },
      result: "verified",
      review_reason: null
    }],
    next_cursor: null
  }

  examples["batch.submit"] = {
    id: "5a7c9e1b-3d5f-4a7b-9c1d-3e5f7a9b1c3d",
    status: "queued",
    total: 3,
    done: 1,
    failed: 1,
    created_at: "2026-11-24T10:00:00.000Z",
    finished_at: null,
    created_by: { type: "key", id: "key_5b7d9f1a3c5e", label: "onboarding service" },
    results: null
  }
  examples["screen.screenBatch"] = { ...(examples["batch.submit"] as object), id: "7c9e1b3d-5f7a-4c9e-8b3d-5f7a9c1e3b5d", kind: "screen", total: 2, done: 0, failed: 0 }
  examples["batch.get"] = {
    ...(examples["batch.submit"] as object),
    status: "done",
    done: 3,
    finished_at: "2026-11-24T10:00:02.000Z",
    results: [
      { position: 0, input: { name: "Dangote Cement", country: "NG" }, verdict: examples["verify.verifyByQuery"], error: null },
      { position: 1, input: { country: "NG" }, verdict: null, error: { error: "invalid_request", message: "one of name or registration_no is required" } },
      { position: 2, input: { registration_no: "RC 208767", country: "NG" }, verdict: examples["verify.verifyByQuery"], error: null }
    ]
  }
  examples["batch.list"] = { jobs: [{ ...(examples["batch.get"] as object), results: null }], next_cursor: null }
  examples["batch.resultsJsonl"] =
    "{\"position\":0,\"input\":{\"name\":\"Dangote Cement\",\"country\":\"NG\"},\"verdict\":{\"result\":\"verified\",\"...\":\"...\"},\"error\":null}\n" +
    "{\"position\":1,\"input\":{\"country\":\"NG\"},\"verdict\":null,\"error\":{\"error\":\"invalid_request\",\"message\":\"one of name or registration_no is required\"}}\n"
  examples["batch.resultsCsv"] = "row,name,registration_no,country,result,registered,sanctions,review_reason,check_id,error\r\n" +
    "1,Dangote Cement,,NG,verified,true,clear,,0f8b2c7e-9d41-4a57-b1d3-2c4e6f8a9b10,\r\n" +
    "2,,,NG,,,,,,one of name or registration_no is required\r\n"
  examples["decisions.record"] = {
    id: "2c4e6f8a-0b2d-4f6a-8c0e-2b4d6f8a0c2e",
    subject: { name: "Banco Nacional de Cuba" },
    list: "ofac_sdn",
    entry_id: "306",
    entry_hash: "b11ac0b02122f786f38ac12b92b2d5bf0728c4f01e2c3dd206b9f67b305c7058",
    decision: "false_positive",
    note: "our customer is the Panamanian namesake",
    created_at: "2026-11-24T10:00:00.000Z",
    superseded_by: null,
    decided_by: { type: "member", id: "mem_3f5a7c9e1b3d4f5a", name: "Ana Analyst", display_name: "Ana Analyst" },
    approval: "not_needed",
    status: "in_force",
    proposer: { id: "mem_3f5a7c9e1b3d4f5a", name: "Ana Analyst" },
    proposal_id: "2c4e6f8a-0b2d-4f6a-8c0e-2b4d6f8a0c2e",
    reviewed_by: null,
    reviewed_at: null,
    review_note: null,
    case_id: null,
    case_outcome: null
  }
  examples["decisions.list"] = { decisions: [examples["decisions.record"]], next_cursor: null }
  const caseSummary = {
    id: "case_3f5a7c9e1b3d4f5a6b7c",
    subject: { name_given: "Banco Nacional de Cuba", country: "PA" },
    status: "in_progress",
    outcome: null,
    outcome_text: null,
    reasons: ["sanctions_match"],
    reasons_in_words: ["A name in play matches a sanctions list entry"],
    reasons_seen: ["sanctions_match", "registry_not_covered"],
    resolved_by_later_check: false,
    reopened_at: null,
    best_hit: { score: 1, list: "ofac_sdn", name: "BANCO NACIONAL DE CUBA" },
    hits: ["ofac_sdn:306"],
    check_count: 2,
    pending_decisions: 1,
    assignee: { id: "mem_3f5a7c9e1b3d4f5a", name: "Ana Analyst" },
    opened_at: "2026-11-24T09:58:00.000Z",
    age_days: 3,
    last_check_at: "2026-11-24T10:05:00.000Z",
    closed_at: null,
    closed_by: null,
    due_at: "2026-11-25T09:58:00.000Z",
    overdue: true,
    escalated_to: null
  }
  examples["cases.list"] = { service_hours: 24, cases: [caseSummary], next_cursor: null }
  examples["cases.bulk"] = {
    action: "close",
    results: [
      { case_id: caseSummary.id, result: "changed", message: null, decision_ids: [] },
      { case_id: "case_9a1c3e5f7b9d1f3a5c7e", result: "refused", message: "The case is already closed.", decision_ids: [] }
    ],
    changed: 1,
    refused: 1
  }
  examples["cases.get"] = {
    case: caseSummary,
    checks: [{ id: "0f8b2c7e-9d41-4a57-b1d3-2c4e6f8a9b10", created_at: "2026-11-24T10:05:00.000Z", result: "review", review_reasons: ["sanctions_match"], hits: [] }],
    decisions: [{ ...(examples["decisions.record"] as object), approval: "pending", status: "pending", case_id: caseSummary.id }],
    history: [
      { at: "2026-11-24T09:58:00.000Z", actor: null, kind: "opened", body: null, details: { check_id: "5c1d3e5f-7a9b-4c1d-8e2f-4a6b8c0d2e4f" } },
      { at: "2026-11-24T10:02:00.000Z", actor: { type: "member", id: "mem_3f5a7c9e1b3d4f5a", name: "Ana Analyst", display_name: "Ana Analyst" }, kind: "commented", body: "the Panamanian bank, RUC 155612345", details: {} },
      { at: "2026-11-24T10:05:00.000Z", actor: { type: "key", id: "key_5b7d9f1a3c5e", label: "onboarding service" }, kind: "check_joined", body: null,
        details: { check_id: "0f8b2c7e-9d41-4a57-b1d3-2c4e6f8a9b10", result: "review", reasons: ["sanctions_match"], latest: true } }
    ]
  }
  for (const change of ["assign", "comment", "escalate", "close", "decide"]) examples[`cases.${change}`] = examples["cases.get"]
  examples["cases.file"] = {
    format: "kyb-africa-case-file/1",
    case_id: caseSummary.id,
    account_id: "acc_5e7a9c1b3d5f7a9c",
    generated_at: "2026-11-24T11:00:00.000Z",
    generated_by: { type: "key", id: "key_5b7d9f1a3c5e", label: "onboarding service" },
    documents: [{
      name: "case.json", media_type: "application/json", sha256: "44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a", bytes: 2,
      content: "{}"
    }],
    omitted: [{ name: "audit.json", why: "the audit entries need an API key with scope audit" }]
  }
  examples["decisions.withdraw"] = {
    decisions: [{
      ...(examples["decisions.record"] as object), approval: "withdrawn", status: "withdrawn", case_id: caseSummary.id,
      reviewed_by: { type: "key", id: "key_5b7d9f1a3c5e", label: "onboarding service" }, reviewed_at: "2026-11-24T10:20:00.000Z", review_note: "proposed on the wrong entry"
    }]
  }
}
