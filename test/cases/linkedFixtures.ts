import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fixturesDir } from "../sanctions/paths.js"

export const NAME = "ZORVAK KELDRAN MARITIME HOLDINGS"

/**
 * The OFAC SDN and UN fixtures with one more entity each, bearing the same (made-up) name, so that the two entries are
 * linked as one entity across lists. SYNTHETIC: neither list has such an entry; each says so in its own remarks.
 */
export const linkedFixtures = () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "kyb-linked-"))
  const sdn = path.join(root, "ofac-sdn")
  const un = path.join(root, "un")
  fs.mkdirSync(sdn)
  fs.mkdirSync(un)
  for (const file of fs.readdirSync(path.join(fixturesDir, "ofac-sdn"))) {
    const text = fs.readFileSync(path.join(fixturesDir, "ofac-sdn", file), "latin1")
    const row = `97101,"${NAME}",-0- ,"IRAN",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"SYNTHETIC test entry: not on the SDN list."\r\n`
    fs.writeFileSync(path.join(sdn, file), file === "sdn.csv" ? text.replace("\u001a", `${row}\u001a`) : text, "latin1")
  }
  const entity = `<ENTITY>
      <DATAID>9990001</DATAID>
      <FIRST_NAME>${NAME}</FIRST_NAME>
      <UN_LIST_TYPE>DRC</UN_LIST_TYPE>
      <REFERENCE_NUMBER>SYe.001</REFERENCE_NUMBER>
      <LISTED_ON>2020-01-01</LISTED_ON>
      <COMMENTS1>SYNTHETIC test entry: not on the UN list.</COMMENTS1>
    </ENTITY>
    </ENTITIES>`
  fs.writeFileSync(path.join(un, "consolidated.xml"), fs.readFileSync(path.join(fixturesDir, "un", "consolidated.xml"), "utf8").replace("</ENTITIES>", entity))
  return { sdn, un }
}

