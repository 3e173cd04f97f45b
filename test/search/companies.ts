import type { FixtureCompany } from "./fixtures.js"

/** Real names (from data/companies) with illustrative numbers: one company per match tier. */
export const searchFixture: ReadonlyArray<FixtureCompany> = [
  {
    country: "NG", registration_no: "RC 208767", legal_name: "Dangote Cement PLC", listed_ticker: "DANGCEM",
    tax_id: "01234567-0001", quality: 0.9
  },
  { country: "NG", registration_no: "RC 613748", legal_name: "Dangote Sugar Refinery PLC", listed_ticker: "DANGSUGAR", quality: 0.85 },
  { country: "NG", registration_no: "RC 2457", legal_name: "United Bank for Africa PLC", quality: 0.8 },
  {
    country: "NG", registration_no: "RC 2136", legal_name: "Guinness Nigeria PLC", quality: 0.8,
    aliases: [{ name: "Diageo", kind: "parent" }]
  },
  { country: "NG", registration_no: "RC 4436", legal_name: "Cement Company of Northern Nigeria PLC", quality: 0.6 },
  { country: "NG", registration_no: "RC 125384", legal_name: "Access Bank PLC", quality: 0.8 },
  { country: "SN", registration_no: "SN DKR 1962 B 1234", legal_name: "Société Générale Sénégal", quality: 0.5 },
  {
    country: "KE", registration_no: "PVT-123ABC", legal_name: "Absa Bank Kenya PLC", quality: 0.7,
    aliases: [{ name: "Barclays Bank of Kenya Ltd", kind: "former" }]
  },
  {
    country: "KE", registration_no: "C.34/2000", legal_name: "Safaricom PLC", listed_ticker: "SCOM", quality: 0.9,
    aliases: [{ name: "M-Pesa", kind: "brand" }]
  },
  { country: "TN", registration_no: "0001234A", legal_name: "Société Frigorifique et Brasserie de Tunis", quality: 0.6 },
  { country: "ZA", registration_no: "1994/009584/06", legal_name: "MTN Group Limited", tax_id: "9876543210", quality: 0.9 },
  { country: "ZA", registration_no: "1966/010753/06", legal_name: "Naspers Limited", quality: 0.9 },
  { country: "NG", registration_no: "RC 9001", legal_name: "Bank of Africa Nigeria Limited", quality: 0.3 },
  { country: "SN", registration_no: "SN DKR 2005 B 9001", legal_name: "Bank of Africa Senegal", quality: 0.4 },
  { country: "CI", registration_no: "CI-ABJ-2001-B-4321", legal_name: "BANK OF AFRICA COTE D'IVOIRE", quality: 0.4 }
]
