import { Effect } from "effect"
import { call } from "../support/http.js"
import { makeWebClient } from "../support/webClient.js"

const PASSWORD = "correct horse battery staple"

/** Signs an account up and in through the web pages; `send` calls /account/api with the session and its CSRF header. */
export const signedInAccount = (url: string, email: string) =>
  Effect.promise(async () => {
    const web = makeWebClient(url)
    const reply = await web.submitFollowing("/signup", "/signup", { name: "Synthetic Owner", email, password: PASSWORD })
    if (reply.status !== 200) throw new Error(`sign-up: ${reply.status} ${reply.text}`)
    const login = await web.post("/login", { _csrf: web.csrfIn(reply.text), email, password: PASSWORD })
    if (login.status !== 303) throw new Error(`log-in: ${login.status} ${login.text}`)
    const cookie = () => ({ cookie: `kyb_session=${web.cookie("kyb_session")}; kyb_csrf=${web.cookie("kyb_csrf")}` })
    const { csrf_token } = (await call(`${url}/account/api/session`, { headers: cookie() })).body as { csrf_token: string }
    const send = (method: string, path: string, body: unknown) =>
      Effect.promise(() =>
        call(`${url}${path}`, { method, headers: { ...cookie(), "content-type": "application/json", "x-csrf-token": csrf_token }, body: JSON.stringify(body) })
      )
    return { cookie, send }
  })
