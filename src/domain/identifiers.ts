/**
 * Healthcare identifiers with their check digits: NPI (Luhn over the 80840 prefix), DEA registration
 * numbers, and NUCC taxonomy codes.
 */

/** Luhn check digit of `digits` (the digit that would be appended). */
function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // Doubling starts at the rightmost digit, since the check digit will follow it.
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** An NPI is 9 digits plus a Luhn check digit computed over `80840` + those 9 digits. */
export function npiCheckDigit(base9: string): number {
  return luhnCheckDigit(`80840${base9}`);
}

export function isValidNpi(value: string): boolean {
  return /^[12][0-9]{9}$/.test(value) && npiCheckDigit(value.slice(0, 9)) === Number(value[9]);
}

export function makeNpi(base9: string): string {
  return `${base9}${npiCheckDigit(base9)}`;
}

/** DEA: two letters and 7 digits; the last digit is the last digit of (d1+d3+d5) + 2·(d2+d4+d6). */
export function deaCheckDigit(digits6: string): number {
  const d = [...digits6].map(Number);
  return (d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10;
}

export function isValidDea(value: string): boolean {
  return /^[A-Z]{2}[0-9]{7}$/.test(value) && deaCheckDigit(value.slice(2, 8)) === Number(value[8]);
}

export function makeDea(registrantType: string, lastName: string, digits6: string): string {
  return `${registrantType}${lastName[0].toUpperCase()}${digits6}${deaCheckDigit(digits6)}`;
}

/** NUCC Health Care Provider Taxonomy code layout: 10 characters ending in X. */
export const NUCC_CODE = /^[0-9]{3}[0-9A-Z]{6}X$/;

/**
 * The systems that name one identifier, by the identifier: a release that moves the NPI from one to
 * another has not changed a provider's NPI (a consumer matching one system alone loses them all).
 * The first of each is the one FHIR US Core names.
 */
export const IDENTIFIER_SYSTEMS = {
  NPI: ['http://hl7.org/fhir/sid/us-npi', 'http://terminology.hl7.org/NamingSystem/npi', 'urn:oid:2.16.840.1.113883.4.6'],
} as const;

export type NamedIdentifier = keyof typeof IDENTIFIER_SYSTEMS;

/** The identifier a system names, whichever of its systems it is; undefined for a system of none of them. */
export function identifierNamedBy(system: string): NamedIdentifier | undefined {
  const trimmed = system.trim().replace(/\/+$/, '');
  return (Object.keys(IDENTIFIER_SYSTEMS) as NamedIdentifier[]).find((name) =>
    (IDENTIFIER_SYSTEMS[name] as readonly string[]).includes(trimmed),
  );
}
