import { describe, expect, it } from "vitest"
import { isSoleTraderType, readsAsPersonName } from "../../src/domain/personLikeName.js"

describe("readsAsPersonName: a business name screened against persons too", () => {
  it.each([
    "Ali Mohamed Rage", "Eric Badege", "RAGE, Ali Mohamed", "Amina Njeri Wambui", "Wanjiru Otieno Kamau", "Abdel Aziz al Rashid",
    "Maria da Silva", "Jean-Pierre Bemba", "John A Smith", "Ngozi Okonjo-Iweala", "Mamadou Ould Abdallah", "Ibrahim ben Salah"
  ])("%s reads as a person's", (name) => expect(readsAsPersonName(name)).toBe(true))

  it.each([
    ["one word", "Dangote"],
    ["more than four words", "Ali Mohamed Hassan Abdi Rage"],
    ["a legal form", "Kivu Lake Ferries Limited"],
    ["a legal form in French", "Badege SARL"],
    ["an abbreviated legal form", "Eric Badege Ltd"],
    ["a generic organisational word", "Eric Badege Trading"],
    ["a word of trade", "Adebayo Motors"],
    ["a place word", "Kenya Airways"],
    ["a connector", "Smith and Jones"],
    ["an ampersand", "Kamau & Sons"],
    ["a digit", "Amina 2000"],
    ["an article", "The Badege"],
    ["a single letter beside one word", "A Badege"]
  ])("not with %s: %s", (_why, name) => expect(readsAsPersonName(name)).toBe(false))
})

describe("isSoleTraderType: a record whose entity type is a person trading under a name", () => {
  it.each([
    ["business_name", null], ["sole_proprietorship", null], [null, "Sole Proprietor"], [null, "Entreprise individuelle"],
    ["entreprise_individuelle", "Entreprise Individuelle"], [null, "Business Name"], [null, "Empresário em Nome Individual"]
  ])("%s / %s", (type, label) => expect(isSoleTraderType(type, label)).toBe(label === "Empresário em Nome Individual" ? false : true))

  it.each([["private_company", "Private Company Limited by Shares"], ["public_limited_company", null], [null, null], [undefined, undefined]])(
    "%s / %s is not", (type, label) => expect(isSoleTraderType(type, label)).toBe(false))
})
