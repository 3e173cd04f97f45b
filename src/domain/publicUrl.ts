/** Where links the service hands out (invitations, e-mail verification, log-in) point, and where that came from. */
export interface PublicUrl {
  /** No trailing slash. */
  readonly base: string
  /** True when KYB_PUBLIC_URL set it; false when it was derived from where the server listens. */
  readonly configured: boolean
  /** Why people elsewhere may not reach `base` (said at start and on the page showing a link); null when nothing to say. */
  readonly warning: string | null
}

const WILDCARDS = new Set(["0.0.0.0", "::", "[::]", ""])
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|::1|\[::1\])$/i

const hostInUrl = (host: string) => (host.includes(":") && !host.startsWith("[") ? `[${host}]` : host)

/**
 * KYB_PUBLIC_URL when set; otherwise the address the server listens on (a wildcard address as localhost, the only
 * name it is sure to answer to). Unset and listening beyond this machine, the links name an address others may not
 * reach: a warning says so.
 */
export const publicUrlOf = (configured: string | undefined, listen: { readonly host: string; readonly port: number }): PublicUrl => {
  const set = configured?.trim() ?? ""
  if (set !== "") return { base: set.replace(/\/+$/, ""), configured: true, warning: null }
  const wildcard = WILDCARDS.has(listen.host)
  const base = `http://${wildcard ? "localhost" : hostInUrl(listen.host)}:${listen.port}`
  return {
    base,
    configured: false,
    warning: LOOPBACK.test(listen.host)
      ? null
      : `KYB_PUBLIC_URL is not set: links (invitations, e-mail verification) point to ${base}, where this server listens${wildcard ? " (any address, named localhost)" : ""}; set KYB_PUBLIC_URL to the address people reach it by`
  }
}
