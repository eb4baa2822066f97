/** Word lists for realistic synthetic directory data. All people and places are invented combinations. */

export const FEMALE_FIRST_NAMES = [
  'MARY', 'PATRICIA', 'JENNIFER', 'LINDA', 'ELIZABETH', 'BARBARA', 'SUSAN', 'JESSICA', 'SARAH', 'KAREN',
  'LISA', 'NANCY', 'BETTY', 'MARGARET', 'SANDRA', 'ASHLEY', 'KIMBERLY', 'EMILY', 'DONNA', 'MICHELLE',
  'CAROL', 'AMANDA', 'MELISSA', 'DEBORAH', 'STEPHANIE', 'REBECCA', 'SHARON', 'LAURA', 'CYNTHIA', 'AMY',
  'ANGELA', 'HELEN', 'ANNA', 'BRENDA', 'PAMELA', 'NICOLE', 'SAMANTHA', 'KATHERINE', 'CHRISTINE', 'RACHEL',
  'PRIYA', 'MEI', 'FATIMA', 'ROSA', 'ANJALI', 'YOLANDA', 'GRACE', 'NADIA', 'INGRID', 'SOFIA',
] as const;

export const MALE_FIRST_NAMES = [
  'JAMES', 'ROBERT', 'JOHN', 'MICHAEL', 'DAVID', 'WILLIAM', 'RICHARD', 'JOSEPH', 'THOMAS', 'CHARLES',
  'CHRISTOPHER', 'DANIEL', 'MATTHEW', 'ANTHONY', 'MARK', 'DONALD', 'STEVEN', 'PAUL', 'ANDREW', 'JOSHUA',
  'KENNETH', 'KEVIN', 'BRIAN', 'GEORGE', 'TIMOTHY', 'RONALD', 'EDWARD', 'JASON', 'JEFFREY', 'RYAN',
  'JACOB', 'GARY', 'NICHOLAS', 'ERIC', 'JONATHAN', 'STEPHEN', 'LARRY', 'JUSTIN', 'SCOTT', 'BRANDON',
  'RAJESH', 'WEI', 'AHMED', 'CARLOS', 'OLUWASEUN', 'HIROSHI', 'DMITRI', 'MATEO', 'ARJUN', 'KWAME',
] as const;

export const LAST_NAMES = [
  'SMITH', 'JOHNSON', 'WILLIAMS', 'BROWN', 'JONES', 'GARCIA', 'MILLER', 'DAVIS', 'RODRIGUEZ', 'MARTINEZ',
  'HERNANDEZ', 'LOPEZ', 'GONZALEZ', 'WILSON', 'ANDERSON', 'THOMAS', 'TAYLOR', 'MOORE', 'JACKSON', 'MARTIN',
  'LEE', 'PEREZ', 'THOMPSON', 'WHITE', 'HARRIS', 'SANCHEZ', 'CLARK', 'RAMIREZ', 'LEWIS', 'ROBINSON',
  'WALKER', 'YOUNG', 'ALLEN', 'KING', 'WRIGHT', 'SCOTT', 'TORRES', 'NGUYEN', 'HILL', 'FLORES',
  'GREEN', 'ADAMS', 'NELSON', 'BAKER', 'HALL', 'RIVERA', 'CAMPBELL', 'MITCHELL', 'CARTER', 'ROBERTS',
  'PATEL', 'SHAH', 'CHEN', 'WANG', 'KIM', 'PARK', 'OKAFOR', 'ADEYEMI', 'KOWALSKI', 'NOVAK',
  'OBRIEN', 'MURPHY', 'SULLIVAN', 'FITZGERALD', 'SCHMIDT', 'MUELLER', 'ROSSI', 'RUSSO', 'COHEN', 'LEVINE',
  'HUGHES', 'PRICE', 'BENNETT', 'WOOD', 'BARNES', 'ROSS', 'HENDERSON', 'COLEMAN', 'JENKINS', 'PERRY',
  'POWELL', 'LONG', 'PATTERSON', 'FLEMING', 'WASHINGTON', 'BUTLER', 'SIMMONS', 'FOSTER', 'GONZALES', 'BRYANT',
  'ALEXANDER', 'RUSSELL', 'GRIFFIN', 'DIAZ', 'HAYES', 'MYERS', 'FORD', 'HAMILTON', 'GRAHAM', 'SULLIVANT',
] as const;

export interface City {
  name: string;
  county: string;
  /** First three digits of the city's zip codes. */
  zip3: string;
  areaCode: string;
}

export interface State {
  code: string;
  name: string;
  cities: City[];
}

const city = (name: string, county: string, zip3: string, areaCode: string): City => ({ name, county, zip3, areaCode });

export const STATES: State[] = [
  { code: 'OH', name: 'OHIO', cities: [city('COLUMBUS', 'FRANKLIN', '432', '614'), city('CLEVELAND', 'CUYAHOGA', '441', '216'), city('CINCINNATI', 'HAMILTON', '452', '513'), city('DAYTON', 'MONTGOMERY', '454', '937'), city('TOLEDO', 'LUCAS', '436', '419'), city('AKRON', 'SUMMIT', '443', '330')] },
  { code: 'PA', name: 'PENNSYLVANIA', cities: [city('PHILADELPHIA', 'PHILADELPHIA', '191', '215'), city('PITTSBURGH', 'ALLEGHENY', '152', '412'), city('ALLENTOWN', 'LEHIGH', '181', '610'), city('ERIE', 'ERIE', '165', '814'), city('SCRANTON', 'LACKAWANNA', '185', '570')] },
  { code: 'NY', name: 'NEW YORK', cities: [city('BUFFALO', 'ERIE', '142', '716'), city('ROCHESTER', 'MONROE', '146', '585'), city('SYRACUSE', 'ONONDAGA', '132', '315'), city('ALBANY', 'ALBANY', '122', '518'), city('YONKERS', 'WESTCHESTER', '107', '914')] },
  { code: 'TX', name: 'TEXAS', cities: [city('HOUSTON', 'HARRIS', '770', '713'), city('DALLAS', 'DALLAS', '752', '214'), city('AUSTIN', 'TRAVIS', '787', '512'), city('SAN ANTONIO', 'BEXAR', '782', '210'), city('EL PASO', 'EL PASO', '799', '915'), city('LUBBOCK', 'LUBBOCK', '794', '806')] },
  { code: 'CA', name: 'CALIFORNIA', cities: [city('SACRAMENTO', 'SACRAMENTO', '958', '916'), city('FRESNO', 'FRESNO', '937', '559'), city('SAN DIEGO', 'SAN DIEGO', '921', '619'), city('OAKLAND', 'ALAMEDA', '946', '510'), city('BAKERSFIELD', 'KERN', '933', '661')] },
  { code: 'FL', name: 'FLORIDA', cities: [city('TAMPA', 'HILLSBOROUGH', '336', '813'), city('ORLANDO', 'ORANGE', '328', '407'), city('JACKSONVILLE', 'DUVAL', '322', '904'), city('MIAMI', 'MIAMI-DADE', '331', '305'), city('TALLAHASSEE', 'LEON', '323', '850')] },
  { code: 'IL', name: 'ILLINOIS', cities: [city('CHICAGO', 'COOK', '606', '312'), city('PEORIA', 'PEORIA', '616', '309'), city('SPRINGFIELD', 'SANGAMON', '627', '217'), city('ROCKFORD', 'WINNEBAGO', '611', '815')] },
  { code: 'GA', name: 'GEORGIA', cities: [city('ATLANTA', 'FULTON', '303', '404'), city('SAVANNAH', 'CHATHAM', '314', '912'), city('AUGUSTA', 'RICHMOND', '309', '706'), city('MACON', 'BIBB', '312', '478')] },
  { code: 'NC', name: 'NORTH CAROLINA', cities: [city('CHARLOTTE', 'MECKLENBURG', '282', '704'), city('RALEIGH', 'WAKE', '276', '919'), city('GREENSBORO', 'GUILFORD', '274', '336'), city('ASHEVILLE', 'BUNCOMBE', '288', '828')] },
  { code: 'MI', name: 'MICHIGAN', cities: [city('DETROIT', 'WAYNE', '482', '313'), city('GRAND RAPIDS', 'KENT', '495', '616'), city('LANSING', 'INGHAM', '489', '517'), city('ANN ARBOR', 'WASHTENAW', '481', '734'), city('FLINT', 'GENESEE', '485', '810')] },
];

export const STREET_NAMES = [
  'MAIN', 'OAK', 'MAPLE', 'CEDAR', 'PINE', 'ELM', 'WASHINGTON', 'LAKE', 'HILL', 'PARK', 'RIVER', 'CHURCH',
  'HIGH', 'MARKET', 'FRANKLIN', 'JEFFERSON', 'LINCOLN', 'MADISON', 'CENTER', 'SPRING', 'UNIVERSITY', 'MEDICAL',
] as const;

export const STREET_SUFFIXES = ['ST', 'AVE', 'BLVD', 'RD', 'DR', 'WAY', 'PKWY', 'LN'] as const;

export const SUITE_PREFIXES = ['SUITE', 'STE', 'UNIT', 'FLOOR'] as const;

export interface TaxonomyEntry {
  code: string;
  description: string;
  group: string;
  /** Credentials that fit this specialty, with the DEA registrant letter (A/B/F for practitioners, M for mid-levels). */
  credentials: readonly string[];
  deaLetter: string;
}

/** A sample of real NUCC taxonomy codes with their display names. */
export const TAXONOMIES: TaxonomyEntry[] = [
  { code: '207Q00000X', description: 'Family Medicine', group: 'Allopathic & Osteopathic Physicians', credentials: ['MD', 'DO'], deaLetter: 'B' },
  { code: '207R00000X', description: 'Internal Medicine', group: 'Allopathic & Osteopathic Physicians', credentials: ['MD', 'DO'], deaLetter: 'B' },
  { code: '207RC0000X', description: 'Internal Medicine, Cardiovascular Disease', group: 'Allopathic & Osteopathic Physicians', credentials: ['MD', 'DO'], deaLetter: 'F' },
  { code: '208000000X', description: 'Pediatrics', group: 'Allopathic & Osteopathic Physicians', credentials: ['MD', 'DO'], deaLetter: 'B' },
  { code: '207V00000X', description: 'Obstetrics & Gynecology', group: 'Allopathic & Osteopathic Physicians', credentials: ['MD', 'DO'], deaLetter: 'F' },
  { code: '207P00000X', description: 'Emergency Medicine', group: 'Allopathic & Osteopathic Physicians', credentials: ['MD', 'DO'], deaLetter: 'A' },
  { code: '2084P0800X', description: 'Psychiatry & Neurology, Psychiatry', group: 'Allopathic & Osteopathic Physicians', credentials: ['MD', 'DO'], deaLetter: 'F' },
  { code: '207X00000X', description: 'Orthopaedic Surgery', group: 'Allopathic & Osteopathic Physicians', credentials: ['MD', 'DO'], deaLetter: 'B' },
  { code: '207N00000X', description: 'Dermatology', group: 'Allopathic & Osteopathic Physicians', credentials: ['MD'], deaLetter: 'B' },
  { code: '363L00000X', description: 'Nurse Practitioner', group: 'Physician Assistants & Advanced Practice Nursing Providers', credentials: ['NP', 'APRN', 'FNP-C'], deaLetter: 'M' },
  { code: '363A00000X', description: 'Physician Assistant', group: 'Physician Assistants & Advanced Practice Nursing Providers', credentials: ['PA', 'PA-C'], deaLetter: 'M' },
  { code: '1223G0001X', description: 'Dentist, General Practice', group: 'Dental Providers', credentials: ['DDS', 'DMD'], deaLetter: 'A' },
  { code: '152W00000X', description: 'Optometrist', group: 'Eye and Vision Services Providers', credentials: ['OD'], deaLetter: 'B' },
];

export const NAME_PREFIXES = ['DR.', 'DR', ''] as const;
export const NAME_SUFFIXES = ['JR.', 'SR.', 'II', 'III'] as const;

export const MEDICAID_AGENCIES = ['OHIO DEPARTMENT OF MEDICAID', 'STATE MEDICAID AGENCY', 'MEDICAID'] as const;
export const CARRIERS = ['MEDICAID', 'MEDICARE ADVANTAGE', 'CARESOURCE', 'MOLINA HEALTHCARE', 'AETNA BETTER HEALTH', 'UNITED HEALTHCARE COMMUNITY PLAN'] as const;

export const EMAIL_DOMAINS = ['clinicmail.example', 'healthsys.example', 'medgroup.example', 'practice.example'] as const;

/** Organization naming: most names carry MEDICAL so that one word matches more than 1000 of them. */
export const ORGANIZATION_KINDS = [
  ['MEDICAL GROUP', 5],
  ['MEDICAL CENTER', 4],
  ['FAMILY MEDICAL ASSOCIATES', 3],
  ['MEDICAL CLINIC', 3],
  ['COMMUNITY HEALTH CENTER', 2],
  ['PEDIATRIC CLINIC', 1],
  ['SURGERY CENTER', 1],
  ['BEHAVIORAL HEALTH SERVICES', 1],
] as const;

export const ORGANIZATION_QUALIFIERS = [
  'RIVERSIDE', 'LAKESHORE', 'SUMMIT', 'VALLEY', 'NORTHSIDE', 'SOUTHWEST', 'HERITAGE', 'MERCY', 'GOOD SAMARITAN',
  'PIONEER', 'PINNACLE', 'CORNERSTONE', 'HARBOR', 'MEADOWBROOK', 'PARKVIEW', 'GREENFIELD', 'UNITY', 'BRIDGEWAY',
] as const;

/** Organization type labels (§2.5 `type[].text`). */
export const ORGANIZATION_TYPES = [
  ['Group Practice', 5],
  ['Other', 3],
  ['Clinic', 2],
  ['Hospital', 1],
] as const;

export const PARENT_SYSTEMS = [
  'MIDWEST HEALTH SYSTEM', 'UNITED CARE PARTNERS', 'ALLIANCE HEALTH NETWORK', 'TRINITY HEALTH PARTNERS', 'CONTINENTAL MEDICAL HOLDINGS',
] as const;
