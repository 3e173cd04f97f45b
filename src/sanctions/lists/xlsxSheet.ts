import { readSheet } from "read-excel-file/universal"
import { readContent, readContentHead } from "./listFile.js"

/**
 * The first sheet of an .xlsx file as rows of text (empty cells ""). The file is read whole and unzipped in memory:
 * a truncated workbook has no central directory and is refused here. (The streaming reader of the node entry point
 * cannot read OFSI's workbooks, whose zip entries use data descriptors.)
 */
export const readFirstSheet = async (file: string): Promise<ReadonlyArray<ReadonlyArray<string>>> => {
  const bytes = await readContent(file)
  const rows = await readSheet(new Blob([bytes]))
  return rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? "" : String(cell))))
}

/** True when the file starts like a zip archive (every .xlsx is one). */
export const isZip = async (file: string): Promise<boolean> => {
  const head = await readContentHead(file, 4)
  return head.length === 4 && head.readUInt32LE(0) === 0x04034b50
}
