import * as fs from "node:fs"

/**
 * What a file looks like from its first bytes, so an ingest given a file of another kind (the UN XML to `ingest
 * companies`) refuses it in one line before any row, instead of rejecting every row.
 */
type Looks = "XML" | "JSON" | "binary" | "empty" | "text"

const HEAD_BYTES = 64 * 1024

const head = (file: string): string => {
  const fd = fs.openSync(file, "r")
  try {
    const buffer = Buffer.alloc(HEAD_BYTES)
    const read = fs.readSync(fd, buffer, 0, HEAD_BYTES, 0)
    return buffer.subarray(0, read).toString("utf8")
  } finally {
    fs.closeSync(fd)
  }
}

const looksOf = (text: string): Looks => {
  const start = text.replace(/^\uFEFF/, "").trimStart()
  if (start === "") return "empty"
  if (text.includes("\u0000") || text.startsWith("PK\u0003\u0004")) return "binary"
  if (start.startsWith("<")) return "XML"
  if (start.startsWith("{") || start.startsWith("[")) return "JSON"
  return "text"
}

const describe: Record<Looks, string> = {
  XML: "an XML document",
  JSON: "JSON",
  binary: "a binary file (a spreadsheet or archive?)",
  empty: "empty",
  text: "text"
}

const csvHeader = (text: string) =>
  (text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "").split(",").map((c) => c.trim().replace(/^"|"$/g, "").toLowerCase())

export interface Expected {
  /** What the command loads, for the message (`company records`). */
  readonly what: string
  /** The file kinds it reads, for the message (`JSON Lines or CSV`). */
  readonly reads: string
  /** Accepts JSON (`{`, or `[` when `jsonArray`) for a file not named .csv. */
  readonly json: "objects" | "documents"
  /** CSV columns of which at least one group must all be present. */
  readonly csvColumns: ReadonlyArray<ReadonlyArray<string>>
}

/** Why `file` is not what `expected` reads, or null when it may be. */
export const refusal = (file: string, expected: Expected): string | null => {
  const text = head(file)
  const looks = looksOf(text)
  const refuse = (detail: string) => `${file}: not ${expected.what} (${detail}); expected ${expected.reads}`
  if (looks === "XML" || looks === "binary") return refuse(`it is ${describe[looks]}`)
  if (file.toLowerCase().endsWith(".csv")) {
    if (expected.csvColumns.length === 0) return refuse("a CSV file")
    const header = csvHeader(text)
    const fits = expected.csvColumns.some((group) => group.every((c) => header.includes(c)))
    const wanted = expected.csvColumns[0]!
    return fits ? null : refuse(`its CSV header lacks ${wanted.filter((c) => !header.includes(c)).join(", ") || wanted.join(", ")}`)
  }
  if (looks === "empty") return null
  if (looks !== "JSON") return refuse(`it is ${describe[looks]}, not JSON`)
  if (expected.json === "objects" && !text.replace(/^\uFEFF/, "").trimStart().startsWith("{")) return refuse("a JSON array, not one object a line")
  return null
}

export const companyRecords: Expected = {
  what: "company records",
  reads: "JSON Lines of canonical records, or a .csv with country,registration_no,legal_name,...",
  json: "objects",
  csvColumns: [["country", "registration_no", "legal_name"]]
}

export const procurementAwards: Expected = {
  what: "procurement awards",
  reads: "OCDS JSON / JSON Lines, or a .csv with buyer,supplier,...",
  json: "documents",
  csvColumns: [["supplier"], ["supplier_name"]]
}

export const trademarkRecords: Expected = {
  what: "trademarks",
  reads: "a .csv with office,mark,owner,...",
  json: "documents",
  csvColumns: [["office", "mark", "owner"]]
}

export const gleifGoldenCopy: Expected = {
  what: "a GLEIF golden copy",
  reads: "GLEIF's golden copy, CSV (LEI-CDF level 1: LEI, Entity.LegalName, ...) or JSON ({\"records\":[{\"LEI\":{\"$\":...}}]})",
  json: "objects",
  csvColumns: [["lei", "entity.legalname", "entity.legaladdress.country", "entity.entitystatus", "registration.registrationstatus", "registration.validationsources"]]
}

export const gleifRelationshipFile: Expected = {
  what: "a GLEIF relationship golden copy",
  reads: "GLEIF's level-2 relationship golden copy, CSV (RR-CDF: Relationship.StartNode.NodeID, ...) or JSON",
  json: "objects",
  csvColumns: [["relationship.startnode.nodeid", "relationship.endnode.nodeid", "relationship.relationshiptype", "relationship.relationshipstatus", "registration.registrationstatus"]]
}

export const pscRegister: Expected = {
  what: "a PSC register export",
  reads: "the CAC PSC JSON export (meta, index)",
  json: "objects",
  csvColumns: []
}
