import { sql } from 'kysely';
import type { Db } from '../database.js';
import type { SeededRandom } from './random.js';

/**
 * Seeded customers never sign in: their password hash is no Argon2 hash at all,
 * so every password fails against it (src/auth/passwords.ts treats a hash it
 * cannot read as a wrong password). No secret is written anywhere.
 */
export const NO_PASSWORD = '!seeded-customer-no-password';

const FIRST = [
  'Anna',
  'Ben',
  'Clara',
  'David',
  'Elif',
  'Finn',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
  'Katja',
  'Luca',
  'Maya',
  'Nils',
  'Olga',
  'Pablo',
  'Rosa',
  'Sami',
  'Tess',
  'Yusuf',
];
const LAST = [
  'Berg',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fischer',
  'García',
  'Hansen',
  'Jansen',
  'Kowalski',
  'Laine',
  'Moreau',
  'Novak',
  'Olsen',
  'Petrov',
  'Rossi',
  'Schmidt',
  'Varga',
  'Weber',
];
const CITIES = [
  ['Amsterdam', 'NL', '1017 CT'],
  ['Berlin', 'DE', '10115'],
  ['Copenhagen', 'DK', '1050'],
  ['Lyon', 'FR', '69002'],
  ['Milan', 'IT', '20121'],
  ['Vienna', 'AT', '1010'],
  ['Ghent', 'BE', '9000'],
  ['Porto', 'PT', '4050-001'],
] as const;
const STREETS = [
  'Linden Lane',
  'Harbour Street',
  'Market Square',
  'Church Road',
  'Mill Lane',
  'Park Avenue',
];

/** A made-up person, addressed at example.com (RFC 2606: no mail ever reaches anyone). */
export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  createdAt: Date;
}

export interface PostalAddressRow {
  name: string;
  line1: string;
  line2: null;
  postal_code: string;
  city: string;
  country: string;
  phone: null;
}

/** The `sequence`-th person of this seeding; `tag` keeps addresses unique across seedings. */
export function person(random: SeededRandom, sequence: number, tag: string, now: Date): Person {
  const firstName = random.pick(FIRST);
  const lastName = random.pick(LAST);
  const local = `${firstName}.${lastName}`
    .normalize('NFKD')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase();
  return {
    firstName,
    lastName,
    email: `${local}.${tag}${sequence}@example.com`,
    createdAt: new Date(now.getTime() - random.int(30, 900) * 86_400_000),
  };
}

export function addressOf(random: SeededRandom, who: Person): PostalAddressRow {
  const [city, country, postalCode] = random.pick(CITIES);
  return {
    name: `${who.firstName} ${who.lastName}`,
    line1: `${random.int(1, 120)} ${random.pick(STREETS)}`,
    line2: null,
    postal_code: postalCode,
    city,
    country,
    phone: null,
  };
}

/** Inserts the people as verified customers who cannot sign in; their ids in the same order. */
export async function insertCustomers(db: Db, people: readonly Person[]): Promise<number[]> {
  if (people.length === 0) return [];
  const { rows } = await sql<{ id: number }>`
    INSERT INTO customers (email, password_hash, first_name, last_name, email_verified, created_at, updated_at)
    SELECT e, ${NO_PASSWORD}, f, l, true, c, c
    FROM unnest(${people.map((p) => p.email)}::text[], ${people.map((p) => p.firstName)}::text[],
                ${people.map((p) => p.lastName)}::text[], ${people.map((p) => p.createdAt.toISOString())}::timestamptz[])
         AS x(e, f, l, c)
    RETURNING id`.execute(db);
  return rows.map((row) => row.id);
}
