import { expect } from "vitest"

/**
 * Issue 38's "done when" on the demo's store, over HTTP: no answer holds a registration number its source does not
 * publish (every number comes from the CAC PSC register or is quoted public text, and the numbers the corpus script
 * used to make up are gone), a listing alone never makes `registered: true`, and one business is one record.
 */

type Body = Record<string, unknown>
type Company = { registration_no: string | null; reference_id: string | null; source: string; registry_evidence: Body | null; identifiers: Array<{ scheme: string; value: string }> }

const get = async (base: string, key: string, path: string) => {
  const response = await fetch(`${base}${path}`, { headers: { "x-api-key": key } })
  return { status: response.status, body: await response.json() as Body }
}

/** A number a record holds must come from a registry's own file or be quoted from public text, never made up. */
const numberHasItsSource = (c: Company) =>
  c.registration_no === null || c.registry_evidence !== null || c.source.includes("as printed in public text")

export const doneWhen = async (base: string, key: string, demoLog: string) => {
  const safaricom = (await get(base, key, "/v1/verify?name=Safaricom&country=KE")).body
  expect(safaricom["registered"], JSON.stringify(safaricom)).toBe(false)
  expect(safaricom["result"]).toBe("review")
  expect(safaricom["review_reasons"]).toContain("registration_unconfirmed")
  const listed = safaricom["company"] as Company
  expect(listed.registration_no).toBeNull()
  expect(listed.reference_id).toBe("ref-listed-ke-safaricom-ltd")
  expect((safaricom["known_from"] as Array<Body>).map((k) => k["kind"])).toEqual(["secondary"])
  // The record route serves a reference entity by its id; the number once made up for it designates nothing.
  expect((await get(base, key, "/v1/company/KE/ref-listed-ke-safaricom-ltd")).status).toBe(200)
  expect((await get(base, key, "/v1/company/KE/CPR-1988-857963")).status).toBe(404)

  const dangote = (await get(base, key, "/v1/verify?name=Dangote%20Cement%20PLC&country=NG")).body
  expect(dangote["result"], JSON.stringify(dangote)).toBe("verified")
  expect(dangote["registered"]).toBe(true)
  const cement = dangote["company"] as Company
  expect(cement.registration_no).toBe("RC 208767")
  expect(cement.registry_evidence?.["kind"]).toBe("registry")
  expect(cement.identifiers).toEqual(expect.arrayContaining([
    expect.objectContaining({ scheme: "NG-TIN", value: "04059106-0001" }),
    expect.objectContaining({ scheme: "ticker", value: "NGX:DANGCEM" })
  ]))
  expect((dangote["candidates"] as Array<unknown>)).toHaveLength(0)

  const sugar = (await get(base, key, "/v1/search?q=dangote%20sugar&country=NG")).body
  const sugars = sugar["results"] as Array<Company>
  expect(sugars.map((c) => c.registration_no ?? c.reference_id), JSON.stringify(sugar)).toHaveLength(1)

  // Broad searches over every country the demo loaded: each number shown has its source.
  for (const q of ["bank", "cement", "mining", "oil", "sugar", "telecom", "insurance", "holdings", "total", "sonatel"]) {
    const { body } = await get(base, key, `/v1/search?q=${q}&limit=100`)
    for (const c of body["results"] as Array<Company>) expect(numberHasItsSource(c), JSON.stringify(c)).toBe(true)
  }
  expect(demoLog).toMatch(/one business, one record: \d+ records, \d+ businesses: \d+ linked/)
}
