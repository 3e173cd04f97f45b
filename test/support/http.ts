/** Plain fetch against the real server: what any client sends, nothing typed in between. */
export interface Reply {
  readonly status: number
  readonly headers: Headers
  readonly body: unknown
  readonly text: string
}

export const call = async (
  url: string,
  init: { readonly method?: string; readonly headers?: Record<string, string>; readonly body?: string } = {}
): Promise<Reply> => {
  const response = await fetch(url, {
    method: init.method ?? "GET",
    headers: init.headers ?? {},
    ...(init.body === undefined ? {} : { body: init.body })
  })
  const text = await response.text()
  let body: unknown = null
  try {
    body = text === "" ? null : JSON.parse(text)
  } catch {
    body = null
  }
  return { status: response.status, headers: response.headers, body, text }
}

export const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` })
export const apiKeyHeader = (secret: string) => ({ "x-api-key": secret })

/** `{error, message}` and nothing else. */
export const isErrorBody = (body: unknown, code: string): boolean =>
  typeof body === "object" && body !== null &&
  Object.keys(body).sort().join(",") === "error,message" &&
  (body as { error: unknown }).error === code &&
  typeof (body as { message: unknown }).message === "string" &&
  (body as { message: string }).message.length > 0
