import type { GroupSpec, Invocation, OptionSpec } from "./spec.js"

/** The operator CLI's commands. Implementations are imported when a command runs (Effect and the database are slow to load). */

const batchSize = (fallback: number): OptionSpec => ({
  name: "batch-size",
  kind: "integer",
  value: "N",
  description: "Rows per transaction",
  default: fallback
})

const files = { name: "file", repeated: true, description: "Files to load" } as const

const run = (load: () => Promise<(invocation: Invocation) => Promise<void>>) => (invocation: Invocation) =>
  load().then((command) => command(invocation))

export const kyb: GroupSpec = {
  name: "kyb",
  summary: "KYB Africa operator CLI: API keys, data loading, the registry catalog, the MCP server",
  subcommands: [
    {
      name: "keys",
      summary: "Manage API keys: create, revoke, list",
      subcommandNames: ["create", "revoke", "list"],
      run: (command, argv) => import("./keysRunner.js").then((m) => m.runKeys(command, argv))
    },
    {
      name: "ingest",
      summary: "Load data: companies, persons with significant control, procurement awards, trademarks, sanctions lists",
      subcommands: [
        {
          name: "companies",
          summary: "Canonical company records, JSON Lines or CSV",
          description: "Canonical company records (docs/company-records.md), JSON Lines or CSV (.csv; lists |-joined: " +
            "aliases name:kind, officers name;role;appointed_on;resigned_on;nationality). Idempotent; rejected rows " +
            "are named by line. A file of another kind is refused before any row; exits 1 when every row is rejected.",
          args: [files],
          options: [batchSize(2000)],
          run: run(() => import("./ingestCommands.js").then((m) => m.companies))
        },
        {
          name: "psc",
          summary: "Persons with significant control: the CAC PSC register export",
          description: "Persons with significant control: the CAC PSC register export (JSON: meta, index by LEI); each " +
            "company stored (its officers kept), its owners from the register replaced; `matched` counts the owners stored. " +
            "A copy harvested by a third party is credited to it: name it with --published-by (and --published-url).",
          args: [files],
          options: [
            { name: "published-by", kind: "text", value: "NAME", description: "Who published this copy of the register (a third party's harvest)" },
            { name: "published-url", kind: "text", value: "URL", description: "Where that copy is published" }
          ],
          run: run(() => import("./ingestCommands.js").then((m) => m.psc))
        },
        {
          name: "gleif",
          summary: "GLEIF's golden copy (CSV or JSON), the 18 countries' rows",
          description: "GLEIF's golden copy (LEI-CDF level 1), CSV (.csv) or JSON, streamed; rows of the 18 countries stored (`matched`), " +
            "the others skipped. Registered only when fully corroborated against the country's registry (an RA code " +
            "of src/registries/gleif/registrationAuthorities.ts or KYB_GLEIF_RA_CODES) and active; else a reference entity.",
          args: [files],
          options: [batchSize(2000)],
          run: run(() => import("./ingestCommands.js").then((m) => m.gleif))
        },
        {
          name: "gleif-relationships",
          summary: "GLEIF's level-2 relationship golden copy: parents of stored companies as owners",
          description: "GLEIF's relationship golden copy (RR-CDF, CSV or JSON), streamed: each stored company's current direct " +
            "and ultimate parents (ACTIVE, PUBLISHED; lapsed or retired ones are not owners) become its owners from this " +
            "file, with their LEI and relationship, and are screened. A parent is named from the store or from the level-1 " +
            "golden copy given with --entities; `matched` counts the owners stored.",
          args: [files],
          options: [
            batchSize(2000),
            { name: "entities", kind: "text", value: "FILE", description: "GLEIF's level-1 golden copy (CSV or JSON), to name the parents" }
          ],
          run: run(() => import("./ingestCommands.js").then((m) => m.gleifRelationships))
        },
        {
          name: "procurement",
          summary: "Procurement awards (OCDS or CSV); suppliers matched to companies",
          description: "Procurement awards: OCDS release or record packages (JSON / JSON Lines) or CSV " +
            "country,buyer,title,value,currency,date,supplier,source_url; suppliers matched to companies.",
          args: [files],
          options: [
            batchSize(2000),
            { name: "country", kind: "text", value: "CC", description: "ISO country of every award, for OCDS data that names none" }
          ],
          run: run(() => import("./ingestCommands.js").then((m) => m.procurement))
        },
        {
          name: "trademarks",
          summary: "Trademarks CSV; owners matched to companies",
          description: "Trademarks CSV office,mark,owner,status,classes,filing_date,source_url; owners matched to companies.",
          args: [files],
          options: [batchSize(2000)],
          run: run(() => import("./ingestCommands.js").then((m) => m.trademarks))
        },
        {
          name: "sanctions",
          summary: "Sanctions lists (OFAC, UN SC, UK OFSI, EU FSF) and the World Bank debarment list, each stored as a version",
          description: "Sanctions lists (OFAC SDN, OFAC Consolidated, UN SC, UK OFSI, EU FSF) and the World Bank debarment " +
            "list, the format told from each file's content: each list becomes a version with file " +
            "hashes and counts, all activated in one transaction. Refused, with the active version kept: a file that " +
            "fails to parse, a list that loses more than --max-drop of the active entries, and a version published " +
            "before the active one (unless --allow-older with --reason).",
          args: [{
            name: "path",
            repeated: true,
            unlessOption: "download",
            description: "List files or folders: OFAC sdn.csv/alt.csv/add.csv/sdn_comments.csv, cons_*.csv, UN consolidated.xml, " +
              "OFSI ConList.xlsx/.csv and InvBan.csv, EU FSF XML 1.1 (or the old global XML), the World Bank debarment export (.xlsx); any of them gzip-compressed (.gz)"
          }],
          options: [
            { name: "download", kind: "boolean", description: "Fetch the official OFAC SDN, OFAC Consolidated and UN files first (needs internet)" },
            { name: "published-on", kind: "text", value: "YYYY-MM-DD", description: "Publication date for lists whose files carry none (OFAC CSV)" },
            { name: "max-drop", kind: "number", value: "SHARE", description: "Refuse a list that loses more than this share of the active version's entries", default: 0.1 },
            { name: "allow-older", kind: "boolean", description: "Activate a version published before the active one (needs --reason)" },
            { name: "reason", kind: "text", value: "TEXT", description: "Why an older version is activated; kept on the version and logged" },
            { name: "actor", kind: "text", value: "NAME", description: "Who activates it (default: the operating-system user)" }
          ],
          run: run(() => import("./sanctionsCommand.js").then((m) => m.sanctions))
        }
      ]
    },
    {
      name: "audit",
      summary: "The audit log: verify every account's hash chain, its anchors, and an export taken earlier",
      subcommands: [
        {
          name: "verify",
          summary: "Recompute the audit chains and their anchors; exit 1 naming each problem",
          description: "Recomputes every account's audit chain (or one account's): entries numbered without a gap, each " +
            "naming the hash of the one before, each hash recomputed from its content, the last one the chain's recorded " +
            "end. Then the chain of chain heads: every head ever anchored still in its chain with its hash (a chain deleted " +
            "whole, a tail cut off or a chain rewritten shows). With --against, an export.jsonl taken earlier is compared " +
            "entry by entry with the database. Prints each problem and exits 1; exits 0 when all holds.",
          args: [],
          options: [
            { name: "account", kind: "text", value: "ID", description: "Verify this account's chain only" },
            { name: "against", kind: "text", value: "EXPORT", description: "An audit export (export.jsonl) taken earlier: each of its entries must still be in the database, unchanged" }
          ],
          run: run(() => import("./auditCommand.js").then((m) => m.verify))
        }
      ]
    },
    {
      name: "lists",
      summary: "Keep the screening lists current: fetch the official files and activate them",
      subcommands: [
        {
          name: "update",
          summary: "Fetch every official list (OFAC, UN, UK, EU, World Bank), check it as any ingest does, activate it",
          description: "Fetch every official list from its address (KYB_LISTS_OFAC_URL, KYB_LISTS_UN_URL, KYB_LISTS_UK_URL, " +
            "KYB_LISTS_EU_URL, KYB_LISTS_WORLDBANK_URL), check it as `kyb ingest sanctions` does and activate it; the same " +
            "files again confirm the active version current today. A list whose download fails, is cut short or is refused " +
            "keeps its last good version, said on stderr; exits 1 then. Needs internet (or the addresses pointed elsewhere).",
          args: [],
          options: [],
          run: run(() => import("./listsCommand.js").then((m) => m.update))
        }
      ]
    },
    {
      name: "registries",
      summary: "The 18 registries with live capability and coverage counts",
      args: [],
      options: [],
      run: run(() => import("./registriesCommand.js").then((m) => m.registries))
    },
    {
      name: "mcp",
      summary: "Serve the MCP tools on standard input and output (for a desktop agent)",
      description: "Serve the MCP tools on standard input and output (for a desktop agent); authenticated by the key " +
        "in KYB_API_KEY and counted like /v1. Logs go to standard error.",
      args: [],
      options: [],
      run: run(() => import("./mcpCommand.js").then((m) => m.mcp))
    }
  ]
}
