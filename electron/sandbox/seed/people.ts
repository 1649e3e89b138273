/** Names, phones, e-mails, addresses and registration numbers that look Israeli. */
import type { Rng } from './rng';
import {
  FIRST_NAMES, LAST_NAMES, ENGLISH_FIRST, ENGLISH_LAST, COMPANY_WORDS, HE_COMPANY_PATTERNS, EN_COMPANY_PATTERNS,
  CITIES, STREETS, MAIL_DOMAINS, MOBILE_PREFIXES, type City,
} from './vocab';

export interface Person { name: string; latinFirst: string; latinLast: string }

export function person(rng: Rng, hebrew: boolean): Person {
  if (hebrew) {
    const [fh, fe] = rng.pick(FIRST_NAMES);
    const [lh, le] = rng.pick(LAST_NAMES);
    return { name: `${fh} ${lh}`, latinFirst: fe, latinLast: le };
  }
  const first = rng.chance(0.5) ? rng.pick(ENGLISH_FIRST) : rng.pick(FIRST_NAMES)[1];
  const last = rng.chance(0.5) ? rng.pick(ENGLISH_LAST) : rng.pick(LAST_NAMES)[1];
  return { name: `${first} ${last}`, latinFirst: first, latinLast: last };
}

export interface Company { name: string; slug: string }

/** A company name not yet in `taken` (retries a few patterns, then numbers a branch). */
export function company(rng: Rng, hebrew: boolean, taken: Set<string>): Company {
  for (let attempt = 0; ; attempt++) {
    const [wh, we] = rng.pick(COMPANY_WORDS);
    const pattern = hebrew ? rng.pick(HE_COMPANY_PATTERNS) : rng.pick(EN_COMPANY_PATTERNS);
    let name = pattern.replace('{w}', hebrew ? wh : we);
    if (attempt > 20) name += hebrew ? ` סניף ${attempt - 19}` : ` Branch ${attempt - 19}`;
    if (!taken.has(name)) {
      taken.add(name);
      return { name, slug: we.toLowerCase().replace(/[^a-z]+/g, '-') };
    }
  }
}

export const personalEmail = (rng: Rng, p: Person): string =>
  `${p.latinFirst}.${p.latinLast}${rng.chance(0.3) ? rng.int(1, 99) : ''}@${rng.pick(MAIL_DOMAINS)}`.toLowerCase().replace(/[^a-z0-9.@-]/g, '');

export const companyEmail = (rng: Rng, slug: string): string =>
  `${rng.pick(['info', 'office', 'orders', 'hello', 'accounts'])}@${slug}.co.il`;

export const mobile = (rng: Rng): string => `${rng.pick(MOBILE_PREFIXES)}-${rng.int(1, 9)}${rng.digits(6)}`;
export const landline = (rng: Rng, city: City): string => `${city.area}-${rng.int(2, 9)}${rng.digits(6)}`;

export interface Address { street: string; street_number: string; city: string; postal_code: string; country_code: 'IL'; cityInfo: City }

export function address(rng: Rng, hebrew: boolean): Address {
  const city = rng.pick(CITIES);
  const [sh, se] = rng.pick(STREETS);
  return {
    street: hebrew ? sh : se,
    street_number: String(rng.int(1, 180)),
    city: hebrew ? city.he : city.en,
    postal_code: city.postalPrefix + rng.digits(5),
    country_code: 'IL',
    cityInfo: city,
  };
}

/** Nine digits with the Israeli ID / company-number check digit. */
export function israeliNumber(rng: Rng, prefix: string): string {
  const body = (prefix + rng.digits(8 - prefix.length)).slice(0, 8);
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const d = Number(body[i]) * (i % 2 === 0 ? 1 : 2);
    sum += d > 9 ? d - 9 : d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

/** EAN-13 with the Israeli 729 prefix and a valid check digit. */
export function ean13(rng: Rng): string {
  const body = '729' + rng.digits(9);
  const sum = [...body].reduce((s, c, i) => s + Number(c) * (i % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
}
