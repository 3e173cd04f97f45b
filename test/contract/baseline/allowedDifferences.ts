/**
 * The differences between the OpenAPI document served today and the one served on Effect 3 (openapi.effect3.json,
 * written from main at bb2b139 with effect 3.22 and @effect/platform 0.97) that are fixes: each names the JSON Pointers
 * it covers (a pattern over the whole pointer) and why the new text is the right one. Nothing else may differ.
 */
export interface AllowedDifference {
  readonly pointers: RegExp
  readonly why: string
}

export const allowedDifferences: ReadonlyArray<AllowedDifference> = [
  {
    pointers: /^\/(components\/schemas\/AuditEntry\/properties\/action\/enum\/\d+|paths\/~1v1~1audit\/get\/parameters\/\d+\/schema\/enum\/\d+)$/,
    why: "The audit log records log-ins (succeeded and failed), wrong second-factor codes, session ends and console " +
      "verifications (issue 52 item 5): `member.logged_in`, `member.login_failed`, `member.second_factor_failed`, " +
      "`member.logged_out`, `check.verified` are actions an entry can have, and a filter of GET /v1/audit."
  },
  {
    pointers: /^\/(components\/schemas\/[A-Za-z]+\/properties\/[a-z_]+(\/anyOf\/0)?|paths\/~1health\/get\/responses\/200\/content\/application~1json\/schema\/properties\/lists\/items\/properties\/as_of)\/format$/,
    why: "The schemas have always named these strings' formats (`format: \"date-time\"`: an RFC 3339 instant; `format: \"date\"`: " +
      "a day, YYYY-MM-DD), as documentation for clients; the Effect 3 generator dropped a `format` annotation (only a whole " +
      "`jsonSchema` override kept one), Effect 4 writes it. The values served were always of these formats: the document now says so."
  },
  {
    pointers: /^\/(components\/schemas\/ScreenedList|paths\/~1health\/get\/responses\/200\/content\/application~1json\/schema\/properties\/lists\/items)\/(properties\/(published_on|dated_by|fetched_from|confirmed_on|confirmed_from|max_age_days)(\/.*)?|properties\/(as_of|age_days)\/description|required\/\d+)$|^\/paths\/.*\/example\/(.*\/)?lists\/\d+\/(published_on|dated_by|fetched_from|confirmed_on|confirmed_from|max_age_days)$/,
    why: "Issue 53 items 1-4, additive: each list says how its date was established (dated_by), where its files came from " +
      "(fetched_from), when and where its publisher last confirmed it (confirmed_on, confirmed_from) and the limit applied " +
      "(max_age_days, null: none set); /health gives the same, with published_on, so its required list grows. as_of and " +
      "age_days say what they are computed from; the examples show them."
  },
  {
    pointers: new RegExp("^/(components/schemas/(Decision|CheckCase|FourEyesInForce|NotTheProposer|ProposalDecisions|DecisionNotFound|WithdrawBody)(/.*)?" +
      "|components/schemas/Check/properties/(case|decisions|four_eyes)(/.*)?" +
      "|components/schemas/AuditEntry/properties/action/enum/\\d+|paths/~1v1~1audit/get/parameters/\\d+/schema/enum/\\d+" +
      "|paths/~1v1~1decisions~1\\{id\\}~1withdraw(/.*)?" +
      "|paths/~1v1~1decisions/get/description" +
      "|paths/~1v1~1(cases~1\\{id\\}(~1[a-z]+)?|decisions)/(get|post)/responses/20[01]/content/application~1json/example(/decisions/0)?/(status|proposer|proposal_id|review_note|case_outcome)(/.*)?)$"),
    why: "Four eyes held by people (issue 52 items 1-4): a decision says what it is now (`status`: a pending one is not in force), " +
      "whose proposal it is (`proposer`: the member, or the member who made the key), the proposal it belongs to (reviewed once, " +
      "as a whole), the second look's note and the case's outcome; a check read by id carries the decisions on its subject, its case " +
      "and the four-eyes policy in force; a proposer withdraws a pending proposal (POST /v1/decisions/{id}/withdraw, 403 " +
      "`not_the_proposer` to anyone else); the audit log names `decision.withdrawn`."
  },
  {
    pointers: /^\/components\/schemas\/Suggestion\/(properties\/(reference_id|registration_no)(\/.*)?|required\/[34])$/,
    why: "A suggestion may be a business known only from a secondary source, which has no registration number: the Effect 3 " +
      "document said `registration_no` was always a string, and such a suggestion answered 500 (issue 53 item 11). It is " +
      "null then, and `reference_id` names the business as search results and verdict candidates do."
  },
  {
    pointers: /^\/paths\/~1v1~1company~1\{country\}~1\{registration_no\}(~1awards)?\/get\/parameters\/1\/schema\/maxLength$/,
    why: "The record routes take the reference ids search serves, up to 160 characters (a reference id's limit): at 64 " +
      "they refused ids the service itself gave (issue 53 item 12)."
  },
  {
    pointers: /^\/components\/schemas\/Owner\/(properties\/(name|name_as_registered|share_pct|voting_pct)(\/.*)?|required\/[1-8])$/,
    why: "An owner from a copy of a register keeps the register's own spelling (`name_as_registered`) beside the copy's " +
      "reading, and both are screened; a holding the register does not give is null, never 0 (issue 53 items 6 and 7)."
  },
  {
    pointers: /^\/components\/schemas\/Signals\/properties\/registry_reachable(\/.*)?$/,
    why: "`registry_reachable` said true where no registry was asked (a country no live registry covers, a record the store " +
      "held): it is true only when a registry asked answered, false when one failed, null when none was asked (issue 53 item 9)."
  },
  {
    pointers: /^\/components\/schemas\/(FieldProvenance\/properties\/(source_kind|checked_at|confidence)(\/.*)?|[A-Za-z]+\/properties\/(confidence|last_verified_at)\/description)$/,
    why: "`confidence` was an undocumented formula and a field from another source took the record's weight: the schema now " +
      "says the formula and what `last_verified_at` is, and each provenance entry gives its own source's kind, the weight " +
      "its confidence is computed with (issue 53 item 10)."
  },
  {
    pointers: /^\/components\/schemas\/(LeiEvidence|RegistryEvidence\/properties\/lei|Owner\/properties\/(lei|relationship)|Owner\/required)(\/.*)?$|^\/paths\/.*\/example\/owners\/\d+\/(lei|relationship|name_as_registered)$/,
    why: "GLEIF as a live source (issue 54 item 1): a registration GLEIF confirmed carries GLEIF's evidence (registry_evidence.lei: " +
      "the LEI, the registration authority, the number there, the corroboration level and GLEIF's dates), and an owner a source " +
      "names by its LEI (GLEIF's level-2 parents) carries that LEI and its relationship (direct, ultimate or both). Additions only."
  },
  {
    pointers: /^\/(components\/schemas\/RegistryCoverage\/(properties\/(access_note|asked_live|confirms_live|last_answered_at|sources|terms)|required\/1[0-5])|components\/schemas\/RegistrySource(\/.*)?|paths\/~1v1~1registries\/get\/responses\/200\/content\/application~1json\/example\/registries\/\d+\/(access_note|asked_live|confirms_live|last_answered_at|sources|terms))$/,
    why: "Coverage said plainly (issue 54 item 3), additive: for each registry, how a business there is asked live (its own " +
      "search, GLEIF, none), what a live answer can confirm, the registry's terms for a machine, when each source last " +
      "answered, and every source (own search, GLEIF, files) with what it covers."
  },
  {
    pointers: new RegExp("^/(paths/~1v1~1screen(~1batch)?|tags/12|components/schemas/(Screening|ScreenRequest|ScreenBatchRequest|NameScreened)" +
      "|components/schemas/Job/properties/kind|components/schemas/JobResult/properties/(screening|verdict/description)" +
      "|components/schemas/Check/(required/\\d+|properties/(kind|input/description|verdict/description))" +
      "|components/schemas/SanctionsHit/properties/screened_from/(description|enum/\\d+)" +
      "|components/schemas/ScreenedPerson/(description|properties/(position/description|role/description|share|source))" +
      "|components/schemas/Verdict/properties/names_screened|components/schemas/VerifyRequest/properties/people" +
      "|paths/~1v1~1(verify|checks~1\\{id\\}|verify~1batch|jobs~1\\{id\\})/.*/example/(.*/)?(people_screened/\\d+/source|names_screened|kind))(/|$)"),
    why: "Issue 51 item 1, additive: POST /v1/screen (one name screened on demand, kept as a check of `kind` screen), the people " +
      "the customer declares to /v1/verify (`people`, reported in `people_screened` with their `source`, their hits' " +
      "`screened_from` declared_owner or declared_director), each name's kinds screened against (`names_screened`), and " +
      "POST /v1/screen/batch (a job of `kind` screen, each row's `screening`)."
  },
  {
    pointers: new RegExp("^/(components/schemas/SourceTried|components/schemas/Verdict/properties/sources_tried" +
      "|paths/~1v1~1(verify|checks~1\\{id\\}|verify~1batch|jobs~1\\{id\\})/.*/example/(.*/)?sources_tried)(/|$)"),
    why: "Issue 54, additive: a verdict says which live sources in its scope were tried (each registry's own search and " +
      "GLEIF), what each was asked (name or number), its outcome (found, not_found, failed with why, not_asked with why: " +
      "not configured, breaker open, no live source, the store answered ...) and what it can confirm (`sources_tried`); " +
      "a business no live registry covers still says registry_not_covered, now with the sources tried."
  },
  {
    pointers: /^\/(paths\/~1v1~1cases~1\{id\}~1file|components\/schemas\/(CaseFile|CaseFileDocument|OmittedDocument))(\/|$)/,
    why: "Issue 55 item 3, additive: GET /v1/cases/{id}/file, a case as one file to keep (the case, each of its checks and " +
      "the audit entries concerning it, each document as its JSON text with its SHA-256; what it leaves out is said in `omitted`)."
  },
  {
    pointers: new RegExp("^/(components/schemas/CaseCloseRequest(/.*)?" +
      "|components/schemas/CaseEvent/properties/kind/description" +
      "|components/schemas/CaseSummary/(properties/(outcome|reasons|reasons_seen|reopened_at|resolved_by_later_check)(/.*)?|required/\\d+)" +
      "|components/schemas/(Event/properties/type|Webhook(Created|Request)?/properties/events/items|WebhookDeliveryPage/properties/deliveries/items/properties/type)/enum/\\d+" +
      "|paths/~1v1~1cases~1\\{id\\}~1close/post/description" +
      "|paths/~1v1~1cases(~1\\{id\\}(~1[a-z]+)?)?/(get|post)/responses/200/content/application~1json/example/(cases/0|case)/(reasons_seen|reopened_at|resolved_by_later_check)" +
      "|paths/~1v1~1cases~1\\{id\\}(~1[a-z]+)?/(get|post)/responses/200/content/application~1json/example/history/2)$"),
    why: "Cases follow the business (issue 55 items 1 and 2): a case's `reasons` are its latest check's (every later check " +
      "of the subject joins it, verified or not), `reasons_seen` keeps every reason its checks gave, `resolved_by_later_check` " +
      "says its latest check clears every reason (an outcome of that name is then offered), `reopened_at` says a later " +
      "check opened it again (event `case.reopened`, for webhooks); closing needs `text` for every outcome, and clearing " +
      "names the open reasons other than sanctions_match in `acknowledged_reasons`. The examples show the new fields."
  },
  {
    pointers: /^\/components\/schemas\/MemberAttribution\/properties\/(display_name|name\/description)(\/.*)?$|^\/paths\/.*\/example\/(.*\/)?(actor|decided_by|created_by|reviewed_by|closed_by|performed_by)\/display_name$/,
    why: "Team administration (issue 55 item 6), additive: a member named in a record carries their `display_name` as of the " +
      "action beside `id` and `name` (null: they had given none, and `name` is their address; absent on records made before " +
      "display names existed)."
  },
  {
    pointers: new RegExp("^/(components/schemas/CaseBulk[A-Za-z]*(/.*)?" +
      "|components/schemas/CasePage/(properties/service_hours(/.*)?|required/\\d+)" +
      "|components/schemas/CaseSummary/(properties/(due_at|overdue|escalated_to)(/.*)?|required/(17|18|19))" +
      "|paths/~1v1~1cases~1bulk(/.*)?" +
      "|paths/~1v1~1cases/get/parameters/(9|10)(/.*)?" +
      "|paths/~1v1~1cases(~1\\{id\\}(~1[a-z]+)?)?/(get|post)/responses/200/content/application~1json/example/(service_hours|(cases/0|case)/(due_at|overdue|escalated_to)))$"),
    why: "The queue at volume (issue 55 item 4), additive: POST /v1/cases/bulk (assign, close, or decide one list entry across " +
      "several cases, each case on its own and answered on its own: changed, proposed under four eyes, refused with why, not " +
      "found); each case's `due_at` and `overdue` against the service level an owner sets (the page's `service_hours`), whom an " +
      "escalation went to (`escalated_to`); GET /v1/cases filters `waiting_for` (a member's) and `overdue`, after the others."
  },
  {
    pointers: new RegExp("^/(components/schemas/CaseEscalateRequest" +
      "|paths/~1v1~1cases~1\\{id\\}~1escalate/post/(description|requestBody|responses/(413|415)))(/|$)"),
    why: "Issue 55 item 4, breaking on purpose: escalation asks for a reason and goes to a person or role through the API as " +
      "in the console (`reason`, `to`: mem_… or role:owner|admin|analyst); an escalation without them was a door around " +
      "that rule. A body route also documents 413 and 415."
  },
  {
    pointers: /^\/(components\/schemas\/AuditEntry\/properties\/action\/enum\/\d+|paths\/~1v1~1audit\/get\/parameters\/\d+\/schema\/enum\/\d+)$/,
    why: "Issue 55 follow-up: every case file given out (GET /v1/cases/{id}/file, the console's download, MCP's get_case_file) " +
      "is an evidence read in the audit log, `case.file_downloaded` (who, which case, the file's SHA-256): an action an entry " +
      "can have, and a filter of GET /v1/audit."
  },
  {
    pointers: /^\/paths\/~1v1~1cases\/get\/parameters\/\d+\/(schema\/)?(enum\/\d+|description)$/,
    why: "Issue 55 follow-up 6, additive: the queue sorts by how many reasons each case has open (`sort=reasons`, most " +
      "first, then by id; paged by cursor like the other orders) beside best score and age."
  },
  {
    pointers: /^\/(components\/schemas\/CaseSummary\/properties\/reopened_at\/(anyOf\/0\/)?description|components\/schemas\/CaseEvent\/properties\/kind\/description|paths\/~1v1~1cases~1\{id\}~1close\/post\/description)$/,
    why: "Issue 55 follow-up 4: a decision proposed on a closed case's subject reopens it as a later check does (the same " +
      "history entry and case.reopened event); the descriptions of reopened_at, the history's kinds and closing say so."
  },
  {
    pointers: /^\/(components\/schemas\/(Owner\/(properties\/sources|required\/\d+)|OwnerSource)|paths\/~1v1~1company~1\{country\}~1\{registration_no\}\/get\/responses\/200\/content\/application~1json\/example\/owners\/\d+\/sources)(\/|$)/,
    why: "The last review's item 3, additive: an owner several sources report (a GLEIF parent from the live API and from a " +
      "level-2 relationship file, by its LEI) is listed once, with `sources`: each source that reports it and the fields " +
      "whose shown value it gives itself (a value only one source gives is credited to it alone); the example shows one."
  }
]
