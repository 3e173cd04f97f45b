/** The dashboard's stylesheet and script, served by the server itself (`/assets/...`). */
export const dashboardCss = `
:root { font-family: system-ui, sans-serif; color: #1b1b1b; background: #fafafa; }
body { margin: 0; }
header { display: flex; gap: 1.5rem; align-items: center; padding: .75rem 1.5rem; background: #113; }
header a, header button { color: #fff; }
header nav { display: flex; gap: 1rem; align-items: center; margin-left: auto; }
main { max-width: 60rem; margin: 1.5rem auto; padding: 0 1.5rem; }
.brand { font-weight: 700; text-decoration: none; }
form.inline { display: inline; }
button { font: inherit; padding: .35rem .8rem; cursor: pointer; }
header button { background: none; border: 1px solid #fff; border-radius: 4px; }
label { display: block; margin: .75rem 0 .25rem; font-weight: 600; }
input[type=email], input[type=password], input[type=text], select { font: inherit; padding: .4rem; width: 100%; max-width: 24rem; }
table { border-collapse: collapse; width: 100%; margin: 1rem 0; }
th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid #ddd; vertical-align: top; }
.secret { font-family: ui-monospace, monospace; background: #fff8d6; padding: .5rem; border: 1px solid #e0c200; word-break: break-all; }
pre { background: #f0f0f0; padding: .75rem; overflow-x: auto; }
.error { color: #a00; border-left: 4px solid #a00; padding-left: .75rem; }
.notice { border-left: 4px solid #063; padding-left: .75rem; }
.meter { width: 100%; max-width: 24rem; }
:focus-visible { outline: 3px solid #fa0; outline-offset: 2px; }
`

/** Copy buttons: `data-copy` names the element whose text goes to the clipboard. */
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
`
