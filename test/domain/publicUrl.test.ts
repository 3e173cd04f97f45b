import { describe, expect, it } from "vitest"
import { publicUrlOf } from "../../src/domain/publicUrl.js"

describe("the public address links point to (issue 52 item 11)", () => {
  it.each([
    ["https://kyb.example.org", "https://kyb.example.org"],
    ["https://kyb.example.org/", "https://kyb.example.org"],
    ["  https://kyb.example.org/base// ", "https://kyb.example.org/base"]
  ])("KYB_PUBLIC_URL %j is used as %s, whatever the server listens on, without a warning", (configured, base) => {
    expect(publicUrlOf(configured, { host: "0.0.0.0", port: 9000 })).toEqual({ base, configured: true, warning: null })
  })

  it.each([
    [undefined, "127.0.0.1", 9000, "http://127.0.0.1:9000", false],
    ["", "localhost", 8081, "http://localhost:8081", false],
    ["  ", "::1", 8082, "http://[::1]:8082", false],
    [undefined, "0.0.0.0", 9000, "http://localhost:9000", true],
    [undefined, "::", 9001, "http://localhost:9001", true],
    [undefined, "10.1.2.3", 8080, "http://10.1.2.3:8080", true],
    [undefined, "fd00::5", 8080, "http://[fd00::5]:8080", true]
  ])("unset (%j), listening on %s:%d: links point to %s; a warning: %s", (configured, host, port, base, warns) => {
    const url = publicUrlOf(configured, { host, port })
    expect(url.base).toBe(base)
    expect(url.configured).toBe(false)
    if (warns) expect(url.warning).toContain(`KYB_PUBLIC_URL is not set: links (invitations, e-mail verification) point to ${base}`)
    else expect(url.warning).toBeNull()
  })
})
