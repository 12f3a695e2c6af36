/**
 * A refused body in plain words (issue 30 item 6): each field at fault is named as a
 * form labels it ("Postal code", not "postal_code") and told what is wrong, so a form
 * can show the sentence next to the field and a person can act on it.
 */

/** One problem found by the schema: Ajv's issue, its path already resolved to a field. */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** How a form labels the contract's field names; others are read from the name itself. */
const LABELS: Readonly<Record<string, string>> = {
  email: 'Email address',
  contact_email: 'Email address',
  line1: 'Street and number',
  line2: 'Address line 2',
  postal_code: 'Postal code',
  price_cents: 'Price',
  category_id: 'Category',
  parent_id: 'Parent category',
  tag_ids: 'Tags',
  image_ids: 'Photos',
  item_id: 'Item',
  item_ids: 'Items',
  address_id: 'Saved address',
  max_submissions: 'Most submissions',
  marketing_consent_text: 'Marketing consent wording',
  consent_text: 'Consent wording',
};

/** What a pattern asks for, by the field it guards (the pattern itself says nothing to a person). */
const PATTERN_WORDS: Readonly<Record<string, string>> = {
  email: 'must look like name@example.com',
  contact_email: 'must look like name@example.com',
  country: 'must be a two-letter country code, such as DE',
  phone: 'may hold only digits, spaces and + ( ) - . /',
  slug: 'may hold only lower-case letters, digits and dashes',
};

const TYPE_WORDS: Readonly<Record<string, string>> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

/** The last name in a dotted field path, as a form would label it: `shipping_address.city` → City. */
export function fieldLabel(path: string): string {
  const name = path.split('.').pop() ?? path;
  const known = LABELS[name];
  if (known) return known;
  const words = name.replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What is wrong with the value, in words a person can act on (never Ajv's own phrasing). */
export function problemWords(issue: ValidationIssue, field?: string): string {
  const p = issue.params;
  const name = field?.split('.').pop() ?? '';
  switch (issue.keyword) {
    case 'type':
      return `must be ${String(p.type)
        .split(',')
        .map((t) => TYPE_WORDS[t] ?? t)
        .join(' or ')}`;
    case 'minimum':
      return `must be at least ${p.limit}`;
    case 'maximum':
      return `must be at most ${p.limit}`;
    case 'exclusiveMinimum':
      return `must be more than ${p.limit}`;
    case 'exclusiveMaximum':
      return `must be less than ${p.limit}`;
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters long`;
    case 'maxLength':
      return `must be at most ${p.limit} characters long`;
    case 'pattern':
      if (p.pattern === '\\S') return 'must not be blank';
      return PATTERN_WORDS[name] ?? 'is not in the expected form';
    case 'format':
      return p.format === 'email'
        ? 'must look like name@example.com'
        : `must be a valid ${String(p.format).replace('-', ' ')}`;
    case 'maxItems':
      return `takes at most ${p.limit} values`;
    case 'minItems':
      return `needs at least ${p.limit} values`;
    case 'uniqueItems':
      return 'must not repeat a value';
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'enum':
      return `must be one of: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'anyOf':
    case 'oneOf':
      return 'is not a value it takes';
    case 'storableText':
      return 'holds characters that cannot be stored (NUL or an unpaired surrogate)';
    default:
      return issue.message ?? 'is invalid';
  }
}

/** Text that is empty once trimmed: whatever rule refused it, the person left it out. */
const isLeftEmpty = (issue: ValidationIssue, value: unknown) =>
  typeof value === 'string' &&
  value.trim() === '' &&
  ['pattern', 'minLength', 'format'].includes(issue.keyword);

/**
 * One field's sentence: "Postal code is required.", "Price must be at least 0.", and for
 * a value inside a list (`inList`: tag_ids[3]) "Each value in Tags must be at least 1."
 */
export function plainFieldMessage(
  issue: ValidationIssue,
  field: string,
  value: unknown,
  inList = false,
): string {
  const label = fieldLabel(field);
  if (inList) {
    const listed = ['required', 'additionalProperties'].includes(issue.keyword)
      ? 'is not in the expected form'
      : problemWords(issue, field);
    return `Each value in ${label} ${listed}.`;
  }
  if (issue.keyword === 'additionalProperties') return `Unknown field "${field}".`;
  if (issue.keyword === 'required' || isLeftEmpty(issue, value)) return `${label} is required.`;
  return `${label} ${problemWords(issue, field)}.`;
}
