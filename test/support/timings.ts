import * as fs from "node:fs"

/**
 * A time the service promises (a reply within the frozen database's 3.5 s, an exit within 10 s ...), measured by a
 * test but not asserted there: a busy box may miss it, so the bound is checked by the reliability run
 * (`npm run -s stress`, which sets KYB_TIMINGS_FILE and prints each figure beside its bound). Outside it, nothing.
 */
export const recordTiming = (promise: string, ms: number, boundMs: number): void => {
  const file = process.env["KYB_TIMINGS_FILE"]
  if (file !== undefined && file !== "") fs.appendFileSync(file, `${JSON.stringify({ promise, ms: Math.round(ms), boundMs })}\n`)
}
