const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

const daysInMonth = (year: number, month: number) =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31

/**
 * Whether `s` is an ISO calendar date (YYYY-MM-DD) that exists in the proleptic Gregorian calendar: 2024-02-29
 * is one, 2023-02-29 and 2024-04-31 are not. Pure arithmetic: ingestion asks this of millions of values.
 */
export const isCalendarDate = (s: string): boolean => {
  const m = ISO_DATE.exec(s)
  if (m === null) return false
  const year = Number(m[1])
  const month = Number(m[2])
  const day = Number(m[3])
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
}
