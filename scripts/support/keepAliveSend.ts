import { type Agent, request } from "node:http"

/**
 * One request over a keep-alive connection (node:http: fetch adds its own milliseconds at the tail): GET without a
 * body, POST with one; fails unless the answer is 200.
 */
export const keepAliveSend = (agent: Agent, url: URL, headers: Record<string, string>, body?: string) =>
  new Promise<void>((resolve, reject) => {
    const req = request(url, { method: body === undefined ? "GET" : "POST", agent, headers }, (res) => {
      res.resume()
      res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))))
    })
    req.on("error", reject)
    req.end(body)
  })
