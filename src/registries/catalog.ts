import type { RegistryId } from "../domain/registrationNumbers.js"

export interface RegistryInfo {
  readonly id: RegistryId
  /** ISO-3166 alpha-2, upper case. */
  readonly country: string
  readonly name: string
  /** org-id.guide code (data/companies/identifier_schemes). */
  readonly identifierScheme: string
  /** The registry's public site (where a person searches or reads about the register). */
  readonly publicUrl: string
  /** Whether a live adapter queries the registry's public machine search. */
  readonly live: boolean
  /** Human-readable number formats, with examples (REGISTRIES.md). */
  readonly numberFormats: string
}

export const registryCatalog: ReadonlyArray<RegistryInfo> = [
  {
    id: "ng-cac", country: "NG", name: "Corporate Affairs Commission", identifierScheme: "NG-CAC",
    publicUrl: "https://icrp.cac.gov.ng/public-search", live: true,
    numberFormats: "RC (companies), BN (business names), IT (incorporated trustees), LP, LLP + 1-10 digits: RC 208767, RC1726083, BN 2345678"
  },
  {
    id: "gh-orc", country: "GH", name: "Office of the Registrar of Companies", identifierScheme: "GH-RGD",
    publicUrl: "https://orc.gov.gh", live: false,
    numberFormats: "CS/CG + sequence + year (CS160152013); older C/G/BN + digits"
  },
  {
    id: "ke-brs", country: "KE", name: "Business Registration Service", identifierScheme: "KE-RCO",
    publicUrl: "https://brs.go.ke", live: false,
    numberFormats: "PVT-/PUB-/CLG- + 6-10 alphanumerics (PVT-JZUA6Z663); older C.12345, CPR/2009/12345"
  },
  {
    id: "za-cipc", country: "ZA", name: "Companies and Intellectual Property Commission", identifierScheme: "ZA-CIP",
    publicUrl: "https://www.cipc.co.za", live: false,
    numberFormats: "YYYY/NNNNNN/NN (1950/038232/06); last two digits the entity type (06 public, 07 private, 08 non-profit, 21 personal liability, 23 close corporation, 30 state-owned)"
  },
  {
    id: "tz-brela", country: "TZ", name: "Business Registrations and Licensing Agency", identifierScheme: "TZ-BRLA",
    publicUrl: "https://ors.brela.go.tz", live: true,
    numberFormats: "certificate number, digits (123456)"
  },
  {
    id: "ug-ursb", country: "UG", name: "Uganda Registration Services Bureau", identifierScheme: "UG-RSB",
    publicUrl: "https://ursb.go.ug", live: false,
    numberFormats: "14-digit BRN (80010001803086); legacy BN-55471, 101303A"
  },
  {
    id: "zm-pacra", country: "ZM", name: "Patents and Companies Registration Agency", identifierScheme: "ZM-PCR",
    publicUrl: "https://www.pacra.org.zm", live: true,
    numberFormats: "12 digits (120130109834)"
  },
  {
    id: "mu-cbrd", country: "MU", name: "Corporate and Business Registration Department", identifierScheme: "MU-CR",
    publicUrl: "https://onlinesearch.mns.mu", live: true,
    numberFormats: "company file number C137459 (P for partnerships); BRN C07012345"
  },
  {
    id: "sn-rccm", country: "SN", name: "Registre du Commerce et du Crédit Mobilier (Greffe, Dakar)", identifierScheme: "SN-CR",
    publicUrl: "http://www.servicepublic.gouv.sn/index.php/demarche_administrative/demarche/1/196", live: false,
    numberFormats: "OHADA RCCM SN-DKR-2017-B-12345 (country-city-year-A/B-sequence); NINEA 9 digits as tax id"
  },
  {
    id: "ci-rccm", country: "CI", name: "Registre du Commerce et du Crédit Mobilier, Tribunal de Commerce d'Abidjan", identifierScheme: "CI-CR",
    publicUrl: "http://www.cepici.gouv.ci", live: false,
    numberFormats: "CI-ABJ-2017-B-12345; older CI-ABJ-03-2005-B14-0001"
  },
  {
    id: "cm-rccm", country: "CM", name: "Registre du Commerce et du Crédit Mobilier (Cameroun)", identifierScheme: "CM-CR",
    publicUrl: "http://www.ccima.net/annuaire_fr.php", live: false,
    numberFormats: "RC/DLA/2015/B/1234 or CM-DLA-2015-B-1234; NIU tax id"
  },
  {
    id: "ma-ompic", country: "MA", name: "Registre central du commerce (OMPIC)", identifierScheme: "MA-CR",
    publicUrl: "https://www.ompic.ma", live: false,
    numberFormats: "RC number + court (Casablanca 123456; unique only within a court); ICE 15 digits as tax id"
  },
  {
    id: "eg-cr", country: "EG", name: "Commercial Registry (GAFI / ITDA)", identifierScheme: "EG-CR",
    publicUrl: "http://itda.gov.eg", live: false,
    numberFormats: "per-office numbers (117508); the office is part of the key (Cairo 117508)"
  },
  {
    id: "mg-rcs", country: "MG", name: "Registre du Commerce et des Sociétés (EDBM)", identifierScheme: "MG-NIF",
    publicUrl: "https://www.rcsmada.mg", live: true,
    numberFormats: "RCS 2011 B 00123; NIF 10 digits (4001257310); STAT 17 digits"
  },
  {
    id: "ao-gue", country: "AO", name: "Guiché Único da Empresa", identifierScheme: "AO-NIF",
    publicUrl: "https://gue.gov.ao", live: false,
    numberFormats: "NIF 10 digits (5417123456)"
  },
  {
    id: "rw-rdb", country: "RW", name: "Rwanda Development Board, Office of the Registrar General", identifierScheme: "RW-CR",
    publicUrl: "https://org.rdb.rw", live: false,
    numberFormats: "company code 9 digits (100123456), doubles as TIN"
  },
  {
    id: "bw-cipa", country: "BW", name: "Companies and Intellectual Property Authority", identifierScheme: "BW-CIPA",
    publicUrl: "https://www.cipa.co.bw/master/ui/start/CIPARegisterSearch", live: true,
    numberFormats: "UIN BW + 11 digits (BW00001234567); legacy CO2001/1234"
  },
  {
    id: "tn-rne", country: "TN", name: "Registre National des Entreprises", identifierScheme: "TN-RNE",
    publicUrl: "https://www.registre-entreprises.tn", live: true,
    numberFormats: "identifiant unique 7 digits + letter (1234567A); old RC B0123452015"
  }
]

const byId: ReadonlyMap<string, RegistryInfo> = new Map(registryCatalog.map((r) => [r.id, r]))

export const registryById = (id: string): RegistryInfo | undefined => byId.get(id)

/** Ids of the registries with a live adapter. */
export const liveRegistryIds: ReadonlyArray<RegistryId> = registryCatalog.filter((r) => r.live).map((r) => r.id)
