import { Config } from "effect"

/** The origins a browser page may call /mcp from: local pages always, others only when listed. */
export interface AllowedOrigins {
  readonly listed: ReadonlySet<string>
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"])

/**
 * KYB_MCP_ALLOWED_ORIGINS: a comma-separated list of origins (`https://agent.example.com`) besides the local ones
 * (http(s) on localhost, 127.0.0.1 or [::1], any port). A request without an Origin header (not from a browser) is
 * not concerned. The MCP transport asks servers to check it (DNS rebinding: a page of any site reaching a server on
 * the user's machine).
 */
export const AllowedOrigins = Config.String("KYB_MCP_ALLOWED_ORIGINS").pipe(
  Config.withDefault(""),
  Config.map((text): AllowedOrigins => ({
    listed: new Set(text.split(",").map((o) => o.trim().replace(/\/+$/, "").toLowerCase()).filter((o) => o !== ""))
  }))
)

export const originAllowed = (allowed: AllowedOrigins, origin: string): boolean => {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false
  return LOCAL_HOSTS.has(url.hostname) || allowed.listed.has(url.origin.toLowerCase())
}
