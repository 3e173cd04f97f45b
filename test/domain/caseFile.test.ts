import { createHash } from "node:crypto"
import { describe, expect, it } from "vitest"
import { CASE_FILE_FORMAT, caseFileDocument, caseFileOf, checkDocumentName, unverifiedDocuments } from "../../src/domain/caseFile.js"

const sha256 = (text: string) => createHash("sha256").update(Buffer.from(text, "utf8")).digest("hex")
const head = { caseId: "case_0123456789abcdef0123", accountId: "acc_0123456789abcdef", at: new Date("2026-11-24T11:00:00.000Z"), by: { type: "member", id: "mem_1", name: "Ana" } }

describe("a case file's documents (issue 55 item 3)", () => {
  it("keeps each document as its JSON text, with the SHA-256 and byte count of exactly that text", () => {
    const value = { name: "Société Générale Côte d'Ivoire", n: 1, nested: { list: ["ofac_sdn:306"] } }
    const doc = caseFileDocument("case.json", value)
    expect(doc.content).toBe(JSON.stringify(value, null, 2))
    expect(JSON.parse(doc.content)).toEqual(value)
    expect(doc.sha256).toBe(sha256(doc.content))
    // non-ASCII letters are two bytes each in UTF-8: the count is bytes, not characters
    expect(doc.bytes).toBe(Buffer.byteLength(doc.content, "utf8"))
    expect(doc.bytes).toBeGreaterThan(doc.content.length)
    expect(doc.media_type).toBe("application/json")
  })

  it("a file names its format, case, account, time and maker, its documents in the order given, and what it leaves out", () => {
    const file = caseFileOf(head, [["case.json", { id: head.caseId }], [checkDocumentName("c1"), { id: "c1" }]], [{ name: "audit.json", why: "no scope" }])
    expect(file.format).toBe(CASE_FILE_FORMAT)
    expect([file.case_id, file.account_id, file.generated_at]).toEqual([head.caseId, head.accountId, "2026-11-24T11:00:00.000Z"])
    expect(file.generated_by).toEqual(head.by)
    expect(file.documents.map((d) => d.name)).toEqual(["case.json", "checks/c1.json"])
    expect(file.omitted).toEqual([{ name: "audit.json", why: "no scope" }])
    expect(caseFileOf(head, []).omitted).toEqual([])
  })

  it("a document whose text, hash or byte count was changed no longer verifies; the others still do", () => {
    const file = caseFileOf(head, [["case.json", { status: "closed" }], ["audit.json", { entries: [] }]])
    expect(unverifiedDocuments(file)).toEqual([])
    const edited = { documents: file.documents.map((d) => d.name === "case.json" ? { ...d, content: d.content.replace("closed", "open") } : d) }
    expect(unverifiedDocuments(edited)).toEqual(["case.json"])
    const rehashed = { documents: file.documents.map((d) => d.name === "audit.json" ? { ...d, sha256: sha256("{}") } : d) }
    expect(unverifiedDocuments(rehashed)).toEqual(["audit.json"])
    const recounted = { documents: file.documents.map((d) => ({ ...d, bytes: d.bytes + 1 })) }
    expect(unverifiedDocuments(recounted)).toEqual(["case.json", "audit.json"])
  })
})
