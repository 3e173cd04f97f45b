import * as fs from "node:fs"
import { readSheet } from "read-excel-file/universal"

/**
 * The first sheet of an .xlsx file as rows of text (empty cells ""). The file is read whole and unzipped in memory:
 * a truncated workbook has no central directory and is refused here. (The streaming reader of the node entry point
 * cannot read OFSI's workbooks, whose zip entries use data descriptors.)
 */
export const readFirstSheet = async (file: string): Promise<ReadonlyArray<ReadonlyArray<string>>> => {
  const bytes = await fs.promises.readFile(file)
  const rows = await readSheet(new Blob([bytes]))
  return rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? "" : String(cell))))
}

/** True when the file starts like a zip archive (every .xlsx is one). */
export const isZip = (file: string): boolean => {
  const fd = fs.openSync(file, "r")
  try {
    const head = Buffer.alloc(4)
    return fs.readSync(fd, head, 0, 4, 0) === 4 && head.readUInt32LE(0) === 0x04034b50
  } finally {
    fs.closeSync(fd)
  }
}
