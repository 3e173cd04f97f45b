/** The dashboard's stylesheet and script, served by the server itself (`/assets/...`). */
import { keyboardJs } from "./cases/keyboard.js"

export const dashboardCss = `
:root { font-family: system-ui, sans-serif; color: #1b1b1b; background: #fafafa; line-height: 1.45; }
body { margin: 0; }
.skip { position: absolute; left: -999px; top: 0; background: #fff; color: #113; padding: .5rem 1rem; z-index: 2; }
.skip:focus { left: .5rem; top: .5rem; }
.vh { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
header { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: center; padding: .75rem 1.5rem; background: #113; }
header a, header button { color: #fff; }
header nav { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; margin-left: auto; }
header a[aria-current=page] { font-weight: 700; text-underline-offset: .3em; text-decoration-thickness: 3px; }
.count { display: inline-block; min-width: 1.4em; padding: 0 .3em; border-radius: 1em; background: #fa0; color: #111; text-align: center; font-weight: 700; }
main { max-width: 72rem; margin: 1.5rem auto; padding: 0 1.5rem; overflow-wrap: anywhere; }
main:focus { outline: none; }
.brand { font-weight: 700; text-decoration: none; }
form.inline { display: inline; }
button, .button { font: inherit; padding: .35rem .8rem; cursor: pointer; border: 1px solid #113; border-radius: 4px; background: #fff; color: #113; text-decoration: none; display: inline-block; }
button.primary, .button.primary { background: #113; color: #fff; }
button.danger, .button.danger { background: #a00; border-color: #a00; color: #fff; }
header button { background: none; border: 1px solid #fff; color: #fff; }
label { display: block; margin: .75rem 0 .25rem; font-weight: 600; }
label.inline { display: inline; margin: 0 .25rem; }
input[type=email], input[type=password], input[type=text], input[type=url], input[type=date], input[type=file], select, textarea { font: inherit; padding: .4rem; width: 100%; max-width: 24rem; box-sizing: border-box; }
textarea { max-width: 40rem; }
fieldset { border: 1px solid #ccc; margin: 1rem 0; }
.filters { display: flex; flex-wrap: wrap; gap: 0 1rem; align-items: flex-end; }
.filters label { margin-top: .5rem; }
.filters div { min-width: 10rem; }
table { border-collapse: collapse; width: 100%; margin: 1rem 0; }
caption { text-align: left; font-weight: 600; padding: .25rem 0; }
th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid #ddd; vertical-align: top; overflow-wrap: break-word; hyphens: manual; }
td code, td a { overflow-wrap: anywhere; }
.secret { font-family: ui-monospace, monospace; background: #fff8d6; padding: .5rem; border: 1px solid #e0c200; word-break: break-all; }
pre { background: #f0f0f0; padding: .75rem; overflow-x: auto; white-space: pre-wrap; word-break: break-word; }
.error { color: #a00; border-left: 4px solid #a00; padding-left: .75rem; }
.notice { border-left: 4px solid #063; padding-left: .75rem; }
.banner.stale { background: #fff1c7; color: #3d2a00; border: 2px solid #a06b00; border-radius: 6px; padding: .6rem 1rem; margin: 0 0 1rem; }
.meter, progress { width: 100%; max-width: 24rem; height: 1.2rem; }
.verdict { display: inline-block; padding: .05rem .5rem; border-radius: 4px; font-weight: 700; }
.verdict.verified, .verdict.clear, .verdict.delivered { background: #dff3e4; color: #063; }
.verdict.review, .verdict.potential_match, .verdict.pending { background: #fff1c7; color: #5a3d00; }
.verdict.not_found, .verdict.match, .verdict.failed { background: #fde2e2; color: #800; }
.pair { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
.card { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: .75rem 1rem; margin: 1rem 0; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
dl.facts dd ul { margin: 0; padding-left: 1.2rem; }
dl.facts dd p.remark { margin: 0 0 .25rem; }
ol.timeline { list-style: none; padding: 0; border-left: 3px solid #ccd; }
ol.timeline li { margin: 0 0 1rem; padding-left: 1rem; }
.chart text { font-size: 11px; fill: #333; }
.method { display: inline-block; min-width: 3.2em; padding: 0 .35em; border-radius: 4px; background: #113; color: #fff; font-size: .85em; font-weight: 700; text-align: center; }
.operation, .schema { border-top: 1px solid #ccd; margin: 1.5rem 0; padding-top: .5rem; }
.toc ul { padding-left: 1.2rem; }
.toc li { margin: .15rem 0; }
.limits { color: #444; }
details { margin: .5rem 0; }
summary { cursor: pointer; font-weight: 600; }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
:focus-visible { outline: 3px solid #fa0; outline-offset: 2px; }
kbd { font-family: ui-monospace, monospace; border: 1px solid #889; border-radius: 3px; padding: 0 .3em; background: #fff; }
.skiplinks { display: flex; flex-wrap: wrap; gap: .5rem 1rem; margin: .5rem 0; }
#cases tbody tr:focus-within { background: #eef2ff; }
@media (max-width: 40rem) {
  main { padding: 0 .75rem; }
  header { padding: .5rem .75rem; }
  header nav { margin-left: 0; }
  .pair { grid-template-columns: 1fr; }
  table.stack thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  table.stack tr { display: block; border-bottom: 2px solid #ccc; padding: .25rem 0; }
  table.stack td { display: grid; grid-template-columns: 8rem 1fr; gap: .5rem; border: 0; padding: .2rem 0; overflow-wrap: anywhere; }
  table.stack td::before { content: attr(data-label); font-weight: 600; }
  dl.facts { grid-template-columns: 1fr; }
}
.print-only { display: none; }
@media print {
  header, .skip, form, .no-print, nav { display: none !important; }
  .print-only { display: block; border-bottom: 1px solid #999; margin-bottom: .5rem; font-size: 9pt; }
  .print-record p { margin: .1rem 0; }
  :root { background: #fff; font-size: 11pt; }
  main { max-width: none; margin: 0; padding: 0; }
  .card { border: 1px solid #999; break-inside: avoid; }
  a { color: inherit; text-decoration: none; }
  main a[href^="http"]::after { content: " (" attr(href) ")"; overflow-wrap: anywhere; }
  table, tr, dl.facts { break-inside: avoid; }
  thead { display: table-header-group; }
  time[data-local]::after { content: " (" attr(title) ")"; }
  pre { white-space: pre-wrap; }
  h1, h2, h3, h4, caption, .keep-with-next { break-after: avoid; }
  .case-record time { white-space: nowrap; }
}
.nowrap { white-space: nowrap; }
`

/**
 * Copy buttons (`data-copy` names the element whose text goes to the clipboard); times shown in the viewer's zone;
 * a running batch job's page reloads its progress until the job is done.
 */
export const dashboardJs = `
document.addEventListener("click", async (event) => {
  const button = event.target.closest("[data-copy]")
  if (!button) return
  const text = document.getElementById(button.dataset.copy)?.textContent ?? ""
  try {
    await navigator.clipboard.writeText(text.trim())
    button.textContent = "Copied"
  } catch {
    button.textContent = "Select and copy by hand"
  }
})
const localTimes = () => {
  const format = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short" })
  for (const t of document.querySelectorAll("time[data-local]")) {
    const date = new Date(t.getAttribute("datetime"))
    if (!Number.isNaN(date.getTime())) t.textContent = format.format(date)
  }
}
const followJob = () => {
  const bar = document.querySelector("progress[data-job]")
  if (!bar) return
  const status = document.getElementById("job-status")
  const tick = async () => {
    try {
      const answer = await fetch(bar.dataset.job, { headers: { accept: "application/json" } })
      const job = await answer.json()
      bar.max = Math.max(job.total, 1)
      bar.value = job.done
      if (status) status.textContent = job.status + ": " + job.done + " of " + job.total + " rows"
      if (job.status === "done") return window.location.replace(window.location.pathname)
    } catch {}
    setTimeout(tick, 500)
  }
  setTimeout(tick, 300)
}
document.addEventListener("DOMContentLoaded", () => { localTimes(); followJob() })
` + keyboardJs
