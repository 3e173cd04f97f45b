/**
 * Legal-form descriptors per language/country, as they trail a registered name. Aliases are written as
 * people write them; they are folded with the same `foldTokens` as names when this module loads.
 *
 * Arabic-script forms (Tunisian, Moroccan, Egyptian registers print Arabic names) are included; Arabic
 * folding removes tashkeel and hamza seats, so "شّركة ذات مسؤوليّات محدودة" and "شركة ذات مسؤوليات محدودة" agree.
 *
 * Applicability (`country` is ISO alpha-2, upper case):
 * - `countries`: strip only when the name's country is unknown or one of these;
 * - `strict`: with `countries`, strip only when the country is known and listed (words that are
 *   ordinary words elsewhere, e.g. Italian/Algerian "SpA" vs an English "spa");
 * - `notIn`: never strip in these countries ("SA" is "South Africa" in ZA: "Telkom SA").
 *
 * Deliberately NOT legal forms (kept in the normalised name): Holding(s), Group, International,
 * Société/Compagnie as leading words, country names ("Guinness Nigeria PLC" -> "guinness nigeria").
 * A holding company and its operating subsidiary ("X Holdings Ltd" / "X Ltd") are different legal
 * entities, so folding them together would make a KYB match wrong; prefix matching still finds both.
 */
export interface LegalFormSpec {
  readonly canonical: string
  readonly aliases: ReadonlyArray<string>
  readonly countries?: ReadonlyArray<string>
  readonly strict?: boolean
  readonly notIn?: ReadonlyArray<string>
}

const ZA_LIKE = ["ZA", "NA", "BW", "LS", "SZ"]
const LUSOPHONE = ["AO", "MZ", "CV", "GW", "ST", "PT", "BR"]

export const legalFormTable: ReadonlyArray<LegalFormSpec> = [
  {
    canonical: "limited",
    aliases: [
      "Ltd", "Ltd.", "Limited", "Ltée", "Limitée", "Lmtd", "Ltd Co", "Company Limited", "Company Ltd", "Co Ltd",
      "Co. Ltd.", "Co Limited", "Coy Ltd", "Cy Ltd", "Co Ltée", "Cie Ltée", "Limited Company", "Ltd Company",
      "Limted", "Limitted", "Limitied", "Limkited", "Limitd", "Limiited", "Lmited", "Limted Company", "Limited Co", "Limited by Shares",
      "Private Company with Limited Liability", "المحدودة", "محدودة"
    ]
  },
  {
    canonical: "plc",
    aliases: [
      "PLC", "P.L.C.", "Public Limited Company", "Public Ltd Co", "Public Ltd Company", "Public Limited Co",
      "Public Company Limited", "Public Company Ltd", "PLC Ltd", "Plc Limited", "Public Limited",
      "PLC Company", "PLCO", "PLCs", "Public Limited Corporation", "Publicly Limited Company", "Pub Limited Co", "Pub Ltd Co",
      "Public Limted Company", "Public Limited Compnay", "Public Limitd Company", "Pubic Limited Company",
      "Public Limitied Company", "Public Limitted Company", "Pub Lt Co", "Public Lt Co", "Public Lt Company", "Pub Limited",
      "Publicly Ltd Company", "Public Ltd Corporation", "Public Lmtd Company", "Publi Limited Company", "Publc Limited Company"
    ]
  },
  {
    canonical: "proprietary limited",
    aliases: [
      "(Pty) Ltd", "Pty Ltd", "Pty Limited", "(Pty) Limited", "Proprietary Limited", "(Proprietary) Limited",
      "Pty", "(Pty)", "Proprietary", "Pty Ltd.", "Proprietary Ltd", "Proprietary Limited Company"
    ],
    countries: [...ZA_LIKE, "AU"]
  },
  {
    canonical: "private limited",
    aliases: ["Pvt Ltd", "Pvt. Ltd.", "Pvt Limited", "Private Limited", "Private Limited Company", "Pte Ltd", "Pvt"]
  },
  { canonical: "soc limited", aliases: ["SOC Ltd", "SOC Limited"], countries: ZA_LIKE },
  /** Alone, "Soc" is also "Society"/"Société": stripped only for a known ZA-like country. */
  { canonical: "soc limited", aliases: ["SOC"], countries: ZA_LIKE, strict: true },
  { canonical: "rf", aliases: ["RF", "(RF)"], countries: ["ZA"] },
  { canonical: "non-profit company", aliases: ["NPC"], countries: ["ZA"] },
  { canonical: "close corporation", aliases: ["CC", "Close Corporation"], countries: ZA_LIKE },
  {
    canonical: "limited by guarantee",
    aliases: [
      "Ltd/Gte", "Ltd Gte", "Ltd (Gte)", "Ltd by Guarantee", "Limited by Guarantee", "Ltd by Gte", "LBG", "CLG",
      "Company Limited by Guarantee"
    ]
  },
  { canonical: "inc", aliases: ["Inc", "Inc.", "Incorporated", "Incorp"] },
  { canonical: "corporation", aliases: ["Corp", "Corp.", "Corporation"] },
  {
    canonical: "company",
    aliases: [
      "Co", "Co.", "Company", "Coy", "Cy", "& Co", "& Co.", "and Co", "and Company", "& Company", "et Cie",
      "& Cie", "et Compagnie"
    ]
  },
  {
    canonical: "llc",
    aliases: [
      "LLC", "L.L.C.", "Limited Liability Company", "Limited Liability Co", "Ltd Liability Co", "Ltd Liability Company",
      "OOO", "ООО", "W.L.L.", "WLL", "With Limited Liability", "Limited Liability Comp", "ذ.م.م", "ش.ذ.م.م",
      "Limited Liability Corp", "Limited Liability Corporation", "Foreign Limited Liability Company", "Ltd Liability Comp",
      "Lmtd Liability Company", "Lt Liability Company", "Limited Liab Co", "Ltd Liab Company", "Limitd Liability Co",
      "Limted Liability Co", "Private Limited Liability Company", "LLCs"
    ]
  },
  { canonical: "llp", aliases: ["LLP", "L.L.P.", "Limited Liability Partnership"] },
  { canonical: "lp", aliases: ["LP", "L.P.", "Limited Partnership"] },
  {
    canonical: "sa",
    aliases: [
      "SA", "S.A.", "S/A", "Société Anonyme", "Societe Anonyme", "Sociedade Anónima", "Sociedade Anonima",
      "Sociedad Anónima", "SA à Conseil d'Administration", "SA avec Conseil d'Administration", "SA à Directoire",
      "SA avec Directoire et Conseil de Surveillance", "SAU", "S.A.U.", "Sociedade Anónima Unipessoal",
      "شركة خفية الإسم", "خفية الاسم", "شركة مساهمة", "ش.م"
    ],
    notIn: ["ZA"]
  },
  {
    canonical: "sae",
    aliases: ["SAE", "S.A.E.", "S.A.E", "Société Anonyme Égyptienne", "Egyptian Joint Stock Company", "Egyptian SAE", "شركة مساهمة مصرية",
      "ش.م.م.م"]
  },
  {
    canonical: "sarl",
    aliases: [
      "SARL", "S.A.R.L.", "S.à r.l.", "S.à.r.l.", "Société à Responsabilité Limitée", "Societe a Responsabilite Limitee", "Soc. à Resp. Limitée",
      "Soc à Responsab Limitée", "S. à R. L.", "ش.م.م", "شركة ذات مسؤولية محدودة", "ذات مسؤولية محدودة",
      "شّركة ذات مسؤوليّات محدودة ش.م.م", "ذات المسؤولية المحدودة", "ذات مسؤوليات محدودة",
      "Sociedade Anónima de Responsabilidade Limitada", "Sociedade Anonima de Responsabilidade Limitada"
    ]
  },
  {
    canonical: "sarlu",
    aliases: [
      "SARLU", "SARL U", "SARL AU", "SARLAU", "SARL A.U.", "S.A.R.L.U.", "S.A.R.L. A.U.", "SUARL", "S.U.A.R.L.", "EURL",
      "SPRLU", "Société Unipersonnelle à Responsabilité Limitée", "Société à Responsabilité Limitée Unipersonnelle",
      "Société à Responsabilité Limitée d'Associé Unique", "Entreprise Unipersonnelle à Responsabilité Limitée",
      "شركة الشخص الواحد ذات المسؤولية المحدودة", "شّركة فردية ذات مسؤوليّات محدودة"
    ]
  },
  {
    canonical: "sas",
    aliases: ["SAS", "S.A.S.", "Société par Actions Simplifiée", "Soc. par Actions Simplifiée", "Société Actions Simplifiée"]
  },
  { canonical: "sasu", aliases: ["SASU", "S.A.S.U.", "SAS U", "Société par Actions Simplifiée Unipersonnelle"] },
  { canonical: "snc", aliases: ["SNC", "S.N.C.", "Société en Nom Collectif"] },
  { canonical: "scs", aliases: ["SCS", "S.C.S.", "SECS", "Société en Commandite Simple"] },
  { canonical: "sca", aliases: ["SCA", "S.C.A.", "Société en Commandite par Actions"] },
  { canonical: "gie", aliases: ["GIE", "G.I.E.", "Groupement d'Intérêt Économique"] },
  {
    canonical: "cooperative",
    aliases: [
      "SCOOPS", "SCOOP", "SCOOP CA", "SCOOP-CA", "Société Coopérative Simplifiée",
      "Société Coopérative avec Conseil d'Administration"
    ]
  },
  { canonical: "sprl", aliases: ["SPRL", "S.P.R.L.", "Société Privée à Responsabilité Limitée"] },
  { canonical: "srl", aliases: ["SRL", "S.R.L.", "Società a Responsabilità Limitata"] },
  { canonical: "spa", aliases: ["SpA", "S.p.A.", "Società per Azioni"], countries: ["DZ", "IT"], strict: true },
  {
    canonical: "lda",
    aliases: [
      "Lda", "Lda.", "Limitada", "Ltda", "Ltda.", "Sociedade por Quotas", "Sociedade por Quotas de Responsabilidade Limitada",
      "Unipessoal Lda", "Sociedade Unipessoal por Quotas", "Sociedade Unipessoal Lda", "SU Lda"
    ]
  },
  { canonical: "ep", aliases: ["EP", "E.P.", "Empresa Pública", "Empresa Publica", "UEE", "U.E.E."], countries: LUSOPHONE },
  { canonical: "gmbh", aliases: ["GmbH", "Gesellschaft mit beschränkter Haftung"] },
  { canonical: "ag", aliases: ["AG", "Aktiengesellschaft"] },
  { canonical: "bv", aliases: ["BV", "B.V.", "Besloten Vennootschap"] },
  { canonical: "nv", aliases: ["NV", "N.V.", "Naamloze Vennootschap"] },
  { canonical: "se", aliases: ["SE", "Societas Europaea"] },
  {
    canonical: "jsc",
    aliases: [
      "JSC", "Joint Stock Company", "OJSC", "CJSC", "PJSC", "OAO", "ZAO", "PAO", "Open Joint Stock Company", "Joint Stock Co",
      "JSC Company", "Jointstock Company", "JS Co", "Jt Stock Co"
    ]
  },
  { canonical: "fze", aliases: ["FZE", "FZCO", "FZC", "FZ LLC", "FZ-LLC", "Free Zone Establishment"] },
  { canonical: "sicaf", aliases: ["SICAF", "S.I.C.A.F."] },
  { canonical: "sicav", aliases: ["SICAV", "S.I.C.A.V."] }
]
