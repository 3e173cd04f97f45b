import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { cellsOfCdfJson } from "../../../src/companies/ingest/gleif/goldenCopyFile.js"
import { entryOfGoldenCopyRow } from "../../../src/companies/ingest/gleif/goldenCopyRow.js"

/** Synthetic records in the shape of GLEIF's JSON golden copies (`$` text, `@name` attributes). */
describe("GLEIF's JSON golden copy as the CSV's cells", () => {
  it("elements, attributes and repeated elements by the CSV's column names", () => {
    const cells = cellsOfCdfJson({
      LEI: { $: "SYNTHKE0000000000901" },
      Entity: {
        LegalName: { "@xml:lang": "en", $: "Synthetic Naivasha Flowers Limited" },
        OtherEntityNames: { OtherEntityName: { "@type": "PREVIOUS_LEGAL_NAME", $: "Synthetic Lake Flowers Limited" } },
        LegalAddress: { FirstAddressLine: { $: "1 Synthetic Road" }, AdditionalAddressLine: [{ $: "Block A" }, { $: "Gate 2" }], Country: { $: "KE" } },
        EntityStatus: { $: "ACTIVE" }
      },
      Registration: { RegistrationStatus: { $: "ISSUED" }, ValidationSources: { $: "FULLY_CORROBORATED" } }
    })
    assert.deepStrictEqual(cells, {
      "lei": "SYNTHKE0000000000901",
      "entity.legalname.xmllang": "en",
      "entity.legalname": "Synthetic Naivasha Flowers Limited",
      "entity.otherentitynames.otherentityname.1.type": "PREVIOUS_LEGAL_NAME",
      "entity.otherentitynames.otherentityname.1": "Synthetic Lake Flowers Limited",
      "entity.legaladdress.firstaddressline": "1 Synthetic Road",
      "entity.legaladdress.additionaladdressline.1": "Block A",
      "entity.legaladdress.additionaladdressline.2": "Gate 2",
      "entity.legaladdress.country": "KE",
      "entity.entitystatus": "ACTIVE",
      "registration.registrationstatus": "ISSUED",
      "registration.validationsources": "FULLY_CORROBORATED"
    })
    const entry = entryOfGoldenCopyRow(cells)
    assert.isTrue(Result.isSuccess(entry))
    if (Result.isSuccess(entry)) {
      assert.deepStrictEqual(entry.success.otherNames, [{ name: "Synthetic Lake Flowers Limited", type: "PREVIOUS_LEGAL_NAME" }])
    }
  })

  it("a relationship record is read inside its RelationshipRecord element", () => {
    const cells = cellsOfCdfJson({
      RelationshipRecord: {
        Relationship: {
          StartNode: { NodeID: { $: "SYNTHKE0000000000901" }, NodeIDType: { $: "LEI" } },
          EndNode: { NodeID: { $: "SYNTHMU0000000000902" }, NodeIDType: { $: "LEI" } },
          RelationshipType: { $: "IS_DIRECTLY_CONSOLIDATED_BY" },
          RelationshipStatus: { $: "ACTIVE" }
        },
        Registration: { RegistrationStatus: { $: "PUBLISHED" } }
      }
    })
    assert.strictEqual(cells["relationship.startnode.nodeid"], "SYNTHKE0000000000901")
    assert.strictEqual(cells["relationship.endnode.nodeid"], "SYNTHMU0000000000902")
    assert.strictEqual(cells["relationship.relationshiptype"], "IS_DIRECTLY_CONSOLIDATED_BY")
    assert.strictEqual(cells["registration.registrationstatus"], "PUBLISHED")
  })
})
