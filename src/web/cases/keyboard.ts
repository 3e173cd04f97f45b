import { html, type Html } from "../html.js"

/**
 * Keyboard speed (issue 55 item 7): single-key shortcuts on the queue and on a case, documented on each page (the
 * list below is the one the script reads: `data-shortcuts` names the page, `data-key` the element a key moves to).
 * A key never fires while the focus is in a text field, a list box or with a modifier held; it only moves the focus
 * or ticks a box, so nothing is ever sent without a button pressed.
 */
const help = (page: string, keys: ReadonlyArray<readonly [string, string]>): Html =>
  html`<details class="shortcuts" data-shortcuts="${page}"><summary data-key="?">Keyboard shortcuts (press ? to open)</summary>
<p>Single keys, outside text fields:</p><dl class="facts">${keys.map(([key, what]) => html`<dt><kbd>${key}</kbd></dt><dd>${what}</dd>`)}</dl></details>`

export const queueShortcutsHelp = help("queue", [
  ["j", "next case"],
  ["k", "previous case"],
  ["x", "select or unselect the case you are on"],
  ["o", "open the case you are on (Enter does too)"],
  ["/", "go to the filters"],
  ["b", "go to the actions on the cases selected"],
  ["?", "open or close this list"]
])

export const caseShortcutsHelp = help("case", [
  ["d", "go to Decide"],
  ["c", "go to Comment"],
  ["x", "go to Close"],
  ["e", "go to Escalate"],
  ["t", "go to Take this case"],
  ["u", "up to all the cases"],
  ["?", "open or close this list"]
])

/** The script: appended to the dashboard's (served as /assets/dashboard.js). */
export const keyboardJs = `
const typing = (el) => el instanceof HTMLElement && (el.isContentEditable ||
  el.matches("textarea, select, input:not([type=checkbox]):not([type=radio]):not([type=submit]):not([type=button]):not([type=reset])"))
const focusOnLoad = () => {
  const hash = window.location.hash.length > 1 ? document.getElementById(decodeURIComponent(window.location.hash.slice(1))) : null
  const target = document.querySelector("[data-focus]") ?? hash
  if (target) target.focus()
}
const queueMove = (key) => {
  const links = [...document.querySelectorAll("#cases tbody a[data-case]")]
  if (links.length === 0) return false
  const at = links.findIndex((a) => a.closest("tr").contains(document.activeElement))
  if (key === "j") links[at < 0 ? 0 : Math.min(at + 1, links.length - 1)].focus()
  else if (key === "k") links[at <= 0 ? 0 : at - 1].focus()
  else if (key === "x" && at >= 0) links[at].closest("tr").querySelector("input[type=checkbox]")?.click()
  else if (key === "o" && at >= 0) links[at].click()
  else return false
  return true
}
document.addEventListener("keydown", (event) => {
  const help = document.querySelector("[data-shortcuts]")
  if (!help || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return
  const key = event.key
  if (key === "?") { help.open = !help.open; help.querySelector("summary").focus(); event.preventDefault(); return }
  if (help.dataset.shortcuts === "queue" && queueMove(key)) { event.preventDefault(); return }
  const target = [...document.querySelectorAll("[data-key]")].find((el) => el.dataset.key === key)
  if (target) { target.focus(); event.preventDefault() }
})
document.addEventListener("DOMContentLoaded", focusOnLoad)
`
