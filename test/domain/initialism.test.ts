import { describe, expect, it } from "vitest"
import { initialismOf } from "../../src/domain/initialism.js"

describe("initialismOf", () => {
  it.each([
    ["United Bank for Africa PLC", "NG", "uba"],
    ["United Bank For Africa PLC", undefined, "uba"],
    ["Cement Company of Northern Nigeria PLC", "NG", "ccnn"],
    ["Société Frigorifique et Brasserie de Tunis", "TN", "sfbt"],
    ["Societe Frigorifique Et Brasserie De Tunis SA", "TN", "sfbt"],
    ["First City Monument Bank Limited", "NG", "fcmb"],
    ["Guaranty Trust Bank PLC", "NG", "gtb"],
    ["Commercial International Bank (Egypt) S.A.E.", "EG", "cibe"],
    ["Société Ivoirienne de Banque", "CI", "sib"],
    ["Compagnie Ivoirienne d’Electricité", "CI", "cie"],
    ["Banque Internationale pour l'Industrie et le Commerce du Benin", "BJ", "biicb"],
    ["Kenya Power and Lighting Company Ltd", "KE", "kpl"],
    ["The Standard Bank of South Africa Ltd", "ZA", "sbsa"],
    ["Banco de Fomento Angola, S.A.", "AO", "bfa"],
    ["Sociedade Nacional de Combustíveis de Angola E.P.", "AO", "snca"],
    ["Dangote Cement PLC", "NG", "dc"],
    ["B O C Gases Nigeria PLC", "NG", "bgn"],
    ["Safaricom PLC", "KE", null],
    ["Safaricom", undefined, null],
    ["PLC", undefined, null],
    ["of the and", undefined, null],
    ["", undefined, null]
  ] as const)("%j -> %j", (name, country, expected) => {
    expect(initialismOf(name, country)).toBe(expected)
  })
})
