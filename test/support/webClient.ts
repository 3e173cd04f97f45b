/**
 * A cookie-keeping client for the server-rendered pages, over plain fetch (no redirects followed, so a test sees
 * each 303 and each Set-Cookie): what a browser without JavaScript does.
 */
export interface WebReply {
  readonly status: number
  readonly headers: Headers
  readonly text: string
  readonly setCookies: ReadonlyArray<string>
}

export const makeWebClient = (baseUrl: string) => {
  const jar = new Map<string, string>()
  const remember = (response: Response) => {
    const setCookies = response.headers.getSetCookie()
    for (const line of setCookies) {
      const [pair] = line.split(";")
      const at = pair!.indexOf("=")
      const name = pair!.slice(0, at).trim()
      const value = pair!.slice(at + 1).trim()
      if (value === "" || /max-age=0/i.test(line)) jar.delete(name)
      else jar.set(name, value)
    }
    return setCookies
  }
  const cookieHeader = () => [...jar.entries()].map(([k, v]) => `${k}=${v}`).join("; ")
  type Form = Record<string, string> | ReadonlyArray<readonly [string, string]>
  const encoded = (form: Form) => new URLSearchParams(Array.isArray(form) ? form.map(([k, v]) => [k, v]) : form as Record<string, string>).toString()
  const send = async (path: string, init: { readonly method?: string; readonly form?: Form; readonly headers?: Record<string, string> } = {}): Promise<WebReply> => {
    const response = await fetch(baseUrl + path, {
      method: init.method ?? (init.form === undefined ? "GET" : "POST"),
      redirect: "manual",
      headers: {
        ...(jar.size > 0 ? { cookie: cookieHeader() } : {}),
        ...(init.form === undefined ? {} : { "content-type": "application/x-www-form-urlencoded" }),
        ...init.headers
      },
      ...(init.form === undefined ? {} : { body: encoded(init.form) })
    })
    const setCookies = remember(response)
    return { status: response.status, headers: response.headers, text: await response.text(), setCookies }
  }
  /** The CSRF token the last page put in its forms. */
  const csrfIn = (html: string) => /name="_csrf" value="([^"]*)"/.exec(html)?.[1] ?? ""
  return {
    get: (path: string) => send(path),
    post: (path: string, form: Record<string, string>, headers?: Record<string, string>) =>
      send(path, { form, ...(headers === undefined ? {} : { headers }) }),
    cookie: (name: string) => jar.get(name),
    setCookie: (name: string, value: string) => jar.set(name, value),
    csrfIn,
    /** GET `path`, then POST the form with the page's CSRF token. */
    submit: async (pagePath: string, action: string, form: Record<string, string>) => {
      const page = await send(pagePath)
      return send(action, { form: { _csrf: csrfIn(page.text), ...form } })
    },
    /** `submit` with a field given more than once (ticked boxes): the pairs in order. */
    submitPairs: async (pagePath: string, action: string, pairs: ReadonlyArray<readonly [string, string]>) => {
      const page = await send(pagePath)
      return send(action, { form: [["_csrf", csrfIn(page.text)], ...pairs] })
    },
    /** GET `pagePath`, then POST a CSV as the form's `file` field (multipart), with the page's CSRF token. */
    upload: async (pagePath: string, action: string, csv: string) => {
      const page = await send(pagePath)
      const form = new FormData()
      form.set("_csrf", csrfIn(page.text))
      form.set("file", new Blob([csv], { type: "text/csv" }), "upload.csv")
      const response = await fetch(baseUrl + action, { method: "POST", redirect: "manual", headers: jar.size > 0 ? { cookie: cookieHeader() } : {}, body: form })
      const setCookies = remember(response)
      return { status: response.status, headers: response.headers, text: await response.text(), setCookies } satisfies WebReply
    },
    /** `submit`, then the GET a 303 sends the browser to (what a browser shows after a form that makes something). */
    submitFollowing: async (pagePath: string, action: string, form: Record<string, string>) => {
      const page = await send(pagePath)
      const posted = await send(action, { form: { _csrf: csrfIn(page.text), ...form } })
      const location = posted.headers.get("location")
      return posted.status === 303 && location !== null && location.startsWith("/") ? send(location) : posted
    }
  }
}

export type WebClient = ReturnType<typeof makeWebClient>

/** The secret shown once on a key page. */
export const secretIn = (html: string) => /kyb_live_[A-Za-z0-9_-]{43}/.exec(html)?.[0] ?? ""

/**
 * Signs up a new address with a display name (a test that does not care gives none: the address is sent as the name,
 * so records read as they did before display names, as the browser's `signUpOnForm` does), then logs in (sign-up
 * itself starts no session), and returns the signed-in client.
 */
export const signUpAndLogIn = async (baseUrl: string, email: string, password: string, name?: string) => {
  const web = makeWebClient(baseUrl)
  const posted = await web.submit("/signup", "/signup", { email, password, name: name ?? email })
  if (posted.status !== 303 || posted.headers.get("location") !== "/signup/sent") throw new Error(`sign-up: ${posted.status} ${posted.text}`)
  const reply = await web.get("/signup/sent")
  if (reply.status !== 200 || !reply.text.includes("Check your e-mail")) throw new Error(`sign-up page: ${reply.status} ${reply.text}`)
  const login = await web.post("/login", { _csrf: web.csrfIn(reply.text), email, password })
  if (login.status !== 303) throw new Error(`log-in: ${login.status} ${login.text}`)
  return web
}

/** The one-time link the members page shows after an invitation (the tests send no mail); throws if there is none. */
export const invitationLinkIn = (html: string) => {
  const link = /id="invitation-link">([^<]+)</.exec(html)?.[1] ?? ""
  if (!/\/invitations\/accept\?token=[A-Za-z0-9_-]{43}$/.test(link)) throw new Error(`no invitation link: ${html}`)
  return new URL(link.replace(/&amp;/g, "&"))
}

/** The owner invites `email` as `role` from the members page: the page's reply (201, with the link). */
export const invite = (owner: WebClient, email: string, role: string) =>
  owner.submit("/dashboard/members", "/dashboard/members/invite", { email, role })

/** The invited person follows the link in a client of their own and sends a name and password: the client and the reply. */
export const acceptInvitation = async (baseUrl: string, link: URL, name: string, password: string) => {
  const web = makeWebClient(baseUrl)
  const token = link.searchParams.get("token") ?? ""
  const reply = await web.submit(`/invitations/accept?token=${token}`, "/invitations/accept", { token, name, password })
  return { web, reply }
}

/** `invite`, then `acceptInvitation` into a session (303 to the dashboard); answers the new member's client. */
export const inviteAndJoin = async (owner: WebClient, baseUrl: string, member: { readonly email: string; readonly role: string; readonly name: string; readonly password: string }) => {
  const invited = await invite(owner, member.email, member.role)
  if (invited.status !== 201) throw new Error(`invitation: ${invited.status} ${invited.text}`)
  const { web, reply } = await acceptInvitation(baseUrl, invitationLinkIn(invited.text), member.name, member.password)
  if (reply.status !== 303 || reply.headers.get("location") !== "/dashboard") throw new Error(`joining: ${reply.status} ${reply.text}`)
  return web
}
