import { describe, expect, it } from "vitest"
import { foldName, nameTokens, normalizeName, NORMALIZER_VERSION } from "../../src/domain/normalize.js"

/** [input, country | undefined, foldName, normalizeName] */
type Row = readonly [string, string | undefined, string, string]

const rows: ReadonlyArray<Row> = [
  // Nigerian listed names (data/companies/listed_companies_investpy.csv)
  ["Dangote Cement PLC", "NG", "dangote cement plc", "dangote cement"],
  ["Dangote Cement Plc", undefined, "dangote cement plc", "dangote cement"],
  ["Guiness Nigeria PLC", "NG", "guiness nigeria plc", "guiness nigeria"],
  ["Guinness Nigeria PLC", undefined, "guinness nigeria plc", "guinness nigeria"],
  ["Nestle Nigeria Plc", "NG", "nestle nigeria plc", "nestle nigeria"],
  ["Access Bank PLC", "NG", "access bank plc", "access bank"],
  ["United Bank For Africa PLC", "NG", "united bank for africa plc", "united bank for africa"],
  ["Cement Company of Northern Nigeria PLC", "NG", "cement company of northern nigeria plc", "cement company of northern nigeria"],
  ["Seplat Petroleum Development Company PLC", "NG", "seplat petroleum development company plc", "seplat petroleum development"],
  ["Okomu Oil Palm Company PLC", "NG", "okomu oil palm company plc", "okomu oil palm"],
  ["Tourist Company of Nigeria PLC", "NG", "tourist company of nigeria plc", "tourist company of nigeria"],
  ["Transnational Corporation Of Nigeria PLC", "NG", "transnational corporation of nigeria plc", "transnational corporation of nigeria"],
  ["Ecobank Transnational Inc", "NG", "ecobank transnational inc", "ecobank transnational"],
  ["Roads (Nigeria) PLC", "NG", "roads nigeria plc", "roads nigeria"],
  ["Nigeria-German Chemicals PLC", "NG", "nigeria german chemicals plc", "nigeria german chemicals"],
  ["Tripple Gee and Co Plc", "NG", "tripple gee and co plc", "tripple gee"],
  ["Custodian and Allied PLC", "NG", "custodian and allied plc", "custodian and allied"],
  ["B O C Gases Nigeria PLC", "NG", "b o c gases nigeria plc", "boc gases nigeria"],
  ["U T C Nig", "NG", "u t c nig", "utc nigeria"],
  ["Cadbury Nig", "NG", "cadbury nig", "cadbury nigeria"],
  ["Total Nig PLC", "NG", "total nig plc", "total nigeria"],
  ["MTN Nigeria Communications Ltd", "NG", "mtn nigeria communications ltd", "mtn nigeria communications"],
  ["Medview Airline Ltd", "NG", "medview airline ltd", "medview airline"],
  ["11 PLC", "NG", "11 plc", "11"],
  ["STANBIC IBTC Bank PLC", "NG", "stanbic ibtc bank plc", "stanbic ibtc bank"],
  ["UAC Of Nigeria PLC", "NG", "uac of nigeria plc", "uac of nigeria"],
  ["Uac-Prop", "NG", "uac prop", "uac prop"],
  // Nigerian procurement suppliers (noisy)
  ["A A MAIDOYA CO NIG LTD", "NG", "a a maidoya co nig ltd", "aa maidoya nigeria"],
  ["AKUMAST NIG.LTD", "NG", "akumast nig ltd", "akumast nigeria"],
  ["Al-Amir Int'l Nig.Ltd", "NG", "al amir intl nig ltd", "al amir international nigeria"],
  ["A.C. CHARLES INT'L CO. LTD.", "NG", "ac charles intl co ltd", "ac charles international"],
  ["AABOWA & COMPANY NIG. LTD.", "NG", "aabowa and company nig ltd", "aabowa nigeria"],
  ["A&J Investment & Management Company Ltd.", "NG", "a and j investment and management company ltd", "a and j investment and management"],
  ["ABU WAHDU & SONS NIG LTD", "NG", "abu wahdu and sons nig ltd", "abu wahdu and sons nigeria"],
  ["SHEGS CONTRACT LIMKITED", "NG", "shegs contract limkited", "shegs contract"],
  ["A ' M Nig Ltd", "NG", "a m nig ltd", "am nigeria"],
  ["Kano Foods Ltd/Gte", "NG", "kano foods ltd gte", "kano foods"],
  ["Abhumu Ltd, Suite B41, Area 11Mall, Ahmadu Bello Way Garki Abuja", "NG", "abhumu ltd suite b41 area 11mall ahmadu bello way garki abuja", "abhumu"],
  ["Aim Frontline Nig Ltd, No. 5, 5th Avenue Bida Street, Wadata, Makurdi", "NG", "aim frontline nig ltd no 5 5th avenue bida street wadata makurdi", "aim frontline nigeria"],
  ["BILMAP (W/A) LTD No. 30 Iyorchia Ayu Road, P.o.Box 1949, Makurdi", "NG", "bilmap w a ltd no 30 iyorchia ayu road pobox 1949 makurdi", "bilmap wa"],
  ["Walbansa Nig. Ltd. D8, Othni Plaza, Wuse Zone I, Abuja", "NG", "walbansa nig ltd d8 othni plaza wuse zone i abuja", "walbansa nigeria"],
  ["Acme Motors (Pty) Ltd t/a Acme Toyota", "ZA", "acme motors pty ltd t a acme toyota", "acme motors"],
  ["Acme Motors (Pty) Ltd trading as Acme Toyota", "ZA", "acme motors pty ltd trading as acme toyota", "acme motors"],
  ["Old Co Ltd (formerly New Co Ltd)", "KE", "old co ltd formerly new co ltd", "old"],
  ["Foo Holdings Ltd (in liquidation)", "KE", "foo holdings ltd in liquidation", "foo holdings"],
  ["Eveready East Africa Ltd Class A", "KE", "eveready east africa ltd class a", "eveready east africa ltd class a"],
  ["PITCHES & TENTS LTD AND ENENU INTEGRATED CONCEPT LTD", "NG", "pitches and tents ltd and enenu integrated concept ltd", "pitches and tents ltd and enenu integrated concept"],
  ["[920369] HARMONIOUS INTERWORLD NIG LTD", "NG", "920369 harmonious interworld nig ltd", "920369 harmonious interworld nigeria"],
  // South Africa
  ["Telkom SA SOC Limited", "ZA", "telkom sa soc limited", "telkom sa"],
  ["Telkom SA SOC Ltd", "za", "telkom sa soc ltd", "telkom sa"],
  ["Telkom SA SOC Limited", undefined, "telkom sa soc limited", "telkom"],
  ["10X Fund Managers (RF) Proprietary Limited", "ZA", "10x fund managers rf proprietary limited", "10x fund managers"],
  ["Old Mutual Life Assurance Company (South Africa) Limited", "ZA", "old mutual life assurance company south africa limited", "old mutual life assurance south africa"],
  ["Acme Trading (Pty) Ltd", "ZA", "acme trading pty ltd", "acme trading"],
  ["Acme Trading Pty. Ltd.", undefined, "acme trading pty ltd", "acme trading"],
  ["Eskom Holdings SOC Ltd", "ZA", "eskom holdings soc ltd", "eskom holdings"],
  ["Shoprite Holdings Ltd", "ZA", "shoprite holdings ltd", "shoprite holdings"],
  ["MTN Group Limited", "ZA", "mtn group limited", "mtn group"],
  ["Capital&Counti", "ZA", "capital and counti", "capital and counti"],
  ["Sunshine Trading CC", "ZA", "sunshine trading cc", "sunshine trading"],
  ["Helping Hands NPC", "ZA", "helping hands npc", "helping hands"],
  ["Compagnie Financiere Richemont SA DRC", "ZA", "compagnie financiere richemont sa drc", "compagnie financiere richemont sa drc"],
  // Kenya / Mauritius / East Africa
  ["Kenya Power and Lighting Company Ltd", "KE", "kenya power and lighting company ltd", "kenya power and lighting"],
  ["Limuru Tea Co Ltd", "KE", "limuru tea co ltd", "limuru tea"],
  ["Co-operative Bank of Kenya Ltd", "KE", "co operative bank of kenya ltd", "co operative bank of kenya"],
  ["Car And General (Kenya) Ltd", "KE", "car and general kenya ltd", "car and general kenya"],
  ["Safaricom PLC", "KE", "safaricom plc", "safaricom"],
  ["Mauritius Union Assurance CY Ltd", "MU", "mauritius union assurance cy ltd", "mauritius union assurance"],
  ["P. O. L. I. C. Y Ltd", "MU", "policy ltd", "policy"],
  ["Rogers & Co Ltd", "MU", "rogers and co ltd", "rogers"],
  ["Mauritius Development Inv. Trust", "MU", "mauritius development inv trust", "mauritius development inv trust"],
  ["Ciel Ltée", "MU", "ciel ltee", "ciel"],
  ["Phoenix Beverages Limitée", "MU", "phoenix beverages limitee", "phoenix beverages"],
  ["Morning Light Co", "MU", "morning light co", "morning light"],
  // BRVM names (upper case, country suffix, curly and straight apostrophes)
  ["SERVAIR ABIDJAN COTE D'IVOIRE", "CI", "servair abidjan cote d ivoire", "servair abidjan cote d ivoire"],
  ["ERIUM COTE D’IVOIRE", "CI", "erium cote d ivoire", "erium cote d ivoire"],
  ["BANQUE INTERNATIONALE POUR L’INDUSTRIE ET LE COMMERCE DU BENIN", "BJ", "banque internationale pour l industrie et le commerce du benin", "banque internationale pour l industrie et le commerce du benin"],
  ["Ecobank Transnational Incorporated TOGO", "TG", "ecobank transnational incorporated togo", "ecobank transnational togo"],
  ["BANK OF AFRICA SENEGAL", "SN", "bank of africa senegal", "bank of africa senegal"],
  ["SOCIETE GENERALE COTE D'IVOIRE", "CI", "societe generale cote d ivoire", "societe generale cote d ivoire"],
  ["Bank of Africa Cote d’Ivoire SA", "CI", "bank of africa cote d ivoire sa", "bank of africa cote d ivoire"],
  ["Tractafric Motors SA Cote d'Ivoire", "CI", "tractafric motors sa cote d ivoire", "tractafric motors cote d ivoire"],
  ["Movis Cote Ivoire SA", "CI", "movis cote ivoire sa", "movis cote ivoire"],
  ["NSIA Banque Cote d'Ivoire SC", "CI", "nsia banque cote d ivoire sc", "nsia banque cote d ivoire sc"],
  ["Société d’Etudes et de Travaux pour l’Afrique de l’Ouest SETAO SA", "CI", "societe d etudes et de travaux pour l afrique de l ouest setao sa", "societe d etudes et de travaux pour l afrique de l ouest setao"],
  ["La Compagnie Ivoirienne d’Electricite SA", "CI", "la compagnie ivoirienne d electricite sa", "la compagnie ivoirienne d electricite"],
  ["TOTALENERGIES MARKETING SENEGAL", "SN", "totalenergies marketing senegal", "totalenergies marketing senegal"],
  // French / OHADA forms
  ["Société Générale de Banques au Sénégal S.A.", "SN", "societe generale de banques au senegal sa", "societe generale de banques au senegal"],
  ["Dakar Logistique S.A.R.L.", "SN", "dakar logistique sarl", "dakar logistique"],
  ["Dakar Logistique SARL", "SN", "dakar logistique sarl", "dakar logistique"],
  ["Dakar Logistique S A R L", "SN", "dakar logistique s a r l", "dakar logistique"],
  ["Dakar Logistique Société à Responsabilité Limitée", "SN", "dakar logistique societe a responsabilite limitee", "dakar logistique"],
  ["Keur Massar Transport SARLU", "SN", "keur massar transport sarlu", "keur massar transport"],
  ["Keur Massar Transport SUARL", "SN", "keur massar transport suarl", "keur massar transport"],
  ["Atlas Services SARL AU", "MA", "atlas services sarl au", "atlas services"],
  ["Atlas Services S.A.R.L. A.U.", "MA", "atlas services sarlau", "atlas services"],
  ["Groupement des Pêcheurs GIE", "SN", "groupement des pecheurs gie", "groupement des pecheurs"],
  ["Orange Business SAS", "CI", "orange business sas", "orange business"],
  ["Abidjan Digital SASU", "CI", "abidjan digital sasu", "abidjan digital"],
  ["Société Anonyme des Brasseries du Cameroun", "CM", "societe anonyme des brasseries du cameroun", "societe anonyme des brasseries du cameroun"],
  ["Brasseries du Cameroun Société Anonyme", "CM", "brasseries du cameroun societe anonyme", "brasseries du cameroun"],
  ["Dupont et Cie", "CI", "dupont et cie", "dupont"],
  ["Cimenteries du Cameroun S.A. avec Conseil d'Administration", "CM", "cimenteries du cameroun sa avec conseil d administration", "cimenteries du cameroun"],
  ["SCOOPS des Producteurs de Cacao", "CI", "scoops des producteurs de cacao", "scoops des producteurs de cacao"],
  ["Cooperative Agricole SCOOP-CA", "CI", "cooperative agricole scoop ca", "cooperative agricole"],
  // Morocco / Tunisia
  ["Compagnie Sucrerie Marocaine et de Raffinage SA", "MA", "compagnie sucrerie marocaine et de raffinage sa", "compagnie sucrerie marocaine et de raffinage"],
  ["Delta Holding S.A", "MA", "delta holding sa", "delta holding"],
  ["Promopharm S.A.", "MA", "promopharm sa", "promopharm"],
  ["Itissalat Al-Maghrib", "MA", "itissalat al maghrib", "itissalat al maghrib"],
  ["Les Eaux Minerales Oulmes SA", "MA", "les eaux minerales oulmes sa", "les eaux minerales oulmes"],
  ["Société Tunisienne d'Entreprises de Télécommunication", "TN", "societe tunisienne d entreprises de telecommunication", "societe tunisienne d entreprises de telecommunication"],
  ["Ste Tunisienne des Marches de Gros", "TN", "ste tunisienne des marches de gros", "societe tunisienne des marches de gros"],
  ["Sté Immobilière Tuniso Séoudienne", "TN", "ste immobiliere tuniso seoudienne", "societe immobiliere tuniso seoudienne"],
  ["Societe L'Accumulateur Tunisien", "TN", "societe l accumulateur tunisien", "societe l accumulateur tunisien"],
  ["Societe Industrielle D'Appareillage", "TN", "societe industrielle d appareillage", "societe industrielle d appareillage"],
  ["Placements De Tunisie - Sicaf", "TN", "placements de tunisie sicaf", "placements de tunisie"],
  ["ASTREE SA", "TN", "astree sa", "astree"],
  ["Tunis Re SUARL", "TN", "tunis re suarl", "tunis re"],
  // Egypt (Arabic-origin names in Latin script)
  ["El Sewedy Electric Co SAE", "EG", "el sewedy electric co sae", "el sewedy electric"],
  ["Global Telecom Holding S.A.E.", "EG", "global telecom holding sae", "global telecom holding"],
  ["ODIN Investments SAE", "EG", "odin investments sae", "odin investments"],
  ["Unirab Polvara Spinning&Weaving Co", "EG", "unirab polvara spinning and weaving co", "unirab polvara spinning and weaving"],
  ["AJWA for Food Industries company", "EG", "ajwa for food industries company", "ajwa for food industries"],
  ["Egyptian Financial Group-Hermes Hld", "EG", "egyptian financial group hermes hld", "egyptian financial group hermes holding"],
  ["Asek Company for Mining - Ascom", "EG", "asek company for mining ascom", "asek company for mining ascom"],
  ["Ma’aden Egypt LLC", "EG", "maaden egypt llc", "maaden egypt"],
  ["Al-Ezz Dekheila Steel Co. Alexandria S.A.E", "EG", "al ezz dekheila steel co alexandria sae", "al ezz dekheila steel co alexandria"],
  ["شركة مصر للطيران", "EG", "شركة مصر للطيران", "شركة مصر للطيران"],
  ["الشَّرِكَة ١٢٣", "EG", "الشركة 123", "الشركة 123"],
  ["شركة الأمل ش.م.م", "TN", "شركة الامل شمم", "شركة الامل"],
  ["شركة الأمل ش م م", "TN", "شركة الامل ش م م", "شركة الامل"],
  ["شّركة الأمل ذات مسؤوليّات محدودة", "TN", "شركة الامل ذات مسووليات محدودة", "شركة الامل"],
  ["الشركة التونسية للبنك شركة خفية الإسم", "TN", "الشركة التونسية للبنك شركة خفية الاسم", "الشركة التونسية للبنك"],
  ["Рога и Копыта", undefined, "рога и копыта", "рога и копыта"],
  // Portuguese (Angola)
  ["Sonangol E.P.", "AO", "sonangol ep", "sonangol"],
  ["Sonangol Empresa Pública", "AO", "sonangol empresa publica", "sonangol"],
  ["Unitel S.A.", "AO", "unitel sa", "unitel"],
  ["Construções Luanda, Limitada", "AO", "construcoes luanda limitada", "construcoes luanda"],
  ["Construções Luanda Lda.", "AO", "construcoes luanda lda", "construcoes luanda"],
  ["Banco de Fomento Angola, Sociedade Anónima", "AO", "banco de fomento angola sociedade anonima", "banco de fomento angola"],
  ["Comércio Geral Unipessoal Lda", "AO", "comercio geral unipessoal lda", "comercio geral"],
  // Country-specific forms
  ["Luxury Spa Ltd", "KE", "luxury spa ltd", "luxury spa"],
  ["Sonatrach SpA", "DZ", "sonatrach spa", "sonatrach"],
  ["Acme LLC", undefined, "acme llc", "acme"],
  ["Novatek-Ust-Luga, OOO", undefined, "novatek ust luga ooo", "novatek ust luga"],
  ["Siemens AG", undefined, "siemens ag", "siemens"],
  ["Bollore Transport & Logistics GmbH", undefined, "bollore transport and logistics gmbh", "bollore transport and logistics"],
  // Abbreviations expanded on both sides of a comparison
  ["Egyptian Kuwaiti Hld", "EG", "egyptian kuwaiti hld", "egyptian kuwaiti holding"],
  ["Commercial Int Bank", "EG", "commercial int bank", "commercial international bank"],
  ["Cairo Educational Svcs", "EG", "cairo educational svcs", "cairo educational services"],
  ["Acme Mgt Services Ltd", "NG", "acme mgt services ltd", "acme management services"],
  ["Tunis Re", "TN", "tunis re", "tunis re"],
  // Never empty; last word is kept
  ["Holdings Ltd", undefined, "holdings ltd", "holdings"],
  ["Limited", undefined, "limited", "limited"],
  ["PLC", "NG", "plc", "plc"],
  ["The Company Ltd", undefined, "the company ltd", "company"],
  ["S.A.", undefined, "sa", "sa"],
  ["The Co-operative Bank", undefined, "the co operative bank", "co operative bank"],
  ["The The Dangote", undefined, "the the dangote", "dangote"],
  // Punctuation, spacing, odd characters
  ["  Dangote\tCement\n PLC  ", "NG", "dangote cement plc", "dangote cement"],
  ["DANGOTE—CEMENT…PLC", "NG", "dangote cement plc", "dangote cement"],
  ["Dangote_Cement/PLC", "NG", "dangote cement plc", "dangote cement"],
  ["ＤＡＮＧＯＴＥ　ＣＥＭＥＮＴ", "NG", "dangote cement", "dangote cement"],
  ["Ni\u00adgeria Breweries", "NG", "nigeria breweries", "nigeria breweries"],
  ["Straße & Söhne", undefined, "strasse and sohne", "strasse and sohne"],
  ["Æther Øresund Œuvre", undefined, "aether oresund oeuvre", "aether oresund oeuvre"],
  ["Đorđe Łódź", undefined, "dorde lodz", "dorde lodz"],
  ["Ɛkɔ Ŋɔ Ɓɗƙ Ƴ", undefined, "eko ngo bdk y", "eko ngo bdk y"],
  ["LORD’S RESISTANCE ARMY", undefined, "lords resistance army", "lords resistance army"],
  ["McNichols PLC", "NG", "mcnichols plc", "mcnichols"],
  ["O'Neil & Sons", undefined, "oneil and sons", "oneil and sons"],
  ["U.B.A.", "NG", "uba", "uba"],
  ["P.L.C", undefined, "plc", "plc"],
  ["Foo (In Liquidation)", undefined, "foo in liquidation", "foo in liquidation"],
  ["", undefined, "", ""],
  ["  ---  ", undefined, "", ""],
  ["İstanbul Çimento", undefined, "istanbul cimento", "istanbul cimento"],
  ["Москва ООО", undefined, "москва ооо", "москва"]
]

describe("normalize", () => {
  it("has a version", () => {
    expect(NORMALIZER_VERSION).toBe(1)
  })

  it("has a table of at least 100 rows", () => {
    expect(rows.length).toBeGreaterThanOrEqual(100)
  })

  it.each(rows)("foldName(%j)", (input, _country, folded) => {
    expect(foldName(input)).toBe(folded)
  })

  it.each(rows)("normalizeName(%j, %j)", (input, country, _folded, normalized) => {
    expect(normalizeName(input, country)).toBe(normalized)
  })

  it("splits normalised names into words", () => {
    expect(nameTokens("dangote cement")).toEqual(["dangote", "cement"])
    expect(nameTokens("  a  b ")).toEqual(["a", "b"])
    expect(nameTokens("")).toEqual([])
  })
})
