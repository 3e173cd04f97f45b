import { describe, expect, it } from "vitest"
import { checkEmail, checkGrace, checkLabel, checkPassword, ROTATION_GRACE } from "../../src/domain/accountRules.js"

describe("account rules", () => {
  it.each([
    ["ada@example.com", "ada@example.com"],
    ["  Ada.Lovelace+kyb@Example.CO.ZA ", "ada.lovelace+kyb@example.co.za"],
    ["o'brien@mail.example.ng", "o'brien@mail.example.ng"]
  ])("%s is an address, unique as %s", (raw, lower) => {
    const checked = checkEmail(raw)
    expect(checked.ok && checked.value.lower).toBe(lower)
  })

  it.each([
    "", "ada", "ada@", "@example.com", "ada@example", "ada@@example.com", "ada@.example.com", "ada@example..com",
    "ada lovelace@example.com", "ada@exa\u0000mple.com", `${"a".repeat(65)}@example.com`, `a@${"b".repeat(250)}.com`
  ])("%j is refused", (raw) => {
    expect(checkEmail(raw).ok).toBe(false)
  })

  it("passwords: 10 to 200 characters (code points), no control characters, not the address", () => {
    expect(checkPassword("river 7 kettle orbit", "a@b.co").ok).toBe(true)
    expect(checkPassword("012345678", "a@b.co")).toEqual({ ok: false, problem: "The password needs at least 10 characters." })
    expect(checkPassword("🔐🦁🌍🪙🧭🔐🦁🌍🪙🧭", "a@b.co").ok).toBe(true)
    expect(checkPassword("x".repeat(201), "a@b.co").ok).toBe(false)
    expect(checkPassword("0123456789\u0007", "a@b.co").ok).toBe(false)
    expect(checkPassword(" Ada@Example.com ", "ada@example.com").ok).toBe(false)
  })

  it("passwords a strength estimator (zxcvbn, common-password and word lists) finds easy to guess are refused, saying why", () => {
    for (const password of ["aaaaaaaaaa", "1234567890", "password12", "qwertyuiop", "iloveyou12", "ada.lovelace1", "adalovelace"]) {
      const checked = checkPassword(password, "ada.lovelace@example.com")
      expect(checked.ok, password).toBe(false)
      if (!checked.ok) expect(checked.problem).toMatch(/^The password is too easy to guess\. \S/)
    }
    expect(checkPassword("aaaaaaaaaa", "a@b.co")).toMatchObject({ problem: expect.stringContaining("Repeated characters like \"aaa\" are easy to guess.") })
    expect(checkPassword("password12", "a@b.co")).toMatchObject({ problem: expect.stringContaining("commonly used password") })
    for (const password of ["correct horse battery staple", "a long enough passphrase", "Tr0ub4dor&3x-kyb"]) expect(checkPassword(password, "a@b.co").ok).toBe(true)
  })

  it("labels are optional, one line, at most 80 characters", () => {
    expect(checkLabel(undefined)).toEqual({ ok: true, value: null })
    expect(checkLabel("  ")).toEqual({ ok: true, value: null })
    expect(checkLabel(" production ")).toEqual({ ok: true, value: "production" })
    expect(checkLabel("a\nb").ok).toBe(false)
    expect(checkLabel("x".repeat(81)).ok).toBe(false)
  })

  it("rotation grace: immediately by default, or one of the offered periods", () => {
    expect(checkGrace(undefined)).toEqual({ ok: true, value: "immediately" })
    expect(checkGrace("")).toEqual({ ok: true, value: "immediately" })
    expect(checkGrace("24h")).toEqual({ ok: true, value: "24h" })
    expect(ROTATION_GRACE["7d"]).toBe(604_800_000)
    expect(checkGrace("forever").ok).toBe(false)
    expect(checkGrace("toString").ok).toBe(false)
  })
})
