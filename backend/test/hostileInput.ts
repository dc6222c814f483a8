/**
 * fast-check arbitraries of hostile request input for the API fuzz test: JSON texts (built as
 * text, so `__proto__` keys and nesting deeper than JSON.stringify would like reach the server
 * as a client could send them) and query strings.
 */
import fc from 'fast-check';

/** Every name Object.prototype answers to: a body key named so must never reach a schema's lookup. */
export const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype);

/** Strings that have broken parsers, normalisers and databases elsewhere. */
const NAUGHTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u0000abc',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Eevil\u202C',
  '\u200B\u200D\uFEFF',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '𝕿𝖍𝖊 𝖖𝖚𝖎𝖈𝖐',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'ﷺ',
  '١٢٣٫٤٥',
  '１２３．４５',
  'Ǆǅǆ',
  'İıſK',
  '\r\n\t\v\f',
  '%s%n%x%d',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '../../../../etc/passwd',
  'null',
  'undefined',
  'true',
  '[object Object]',
  '__proto__',
  'constructor',
];

/** Strings where a decimal amount belongs that no decimal rule should take. */
const DECIMALISH_STRINGS = ['1e5', '1E-7', '0x10', '0b1', '.5', '5.', '-1', '+1', '1,5', ' 1 ', '1_000', 'Infinity', '-Infinity', 'NaN', '-0', '1'.repeat(80), `0.${'0'.repeat(40)}1`, '9'.repeat(400)];

const text = (value: unknown): string => JSON.stringify(value);

/** A JSON object text from entries of [key, JSON text of the value]. */
export function objectText(entries: [string, string][]): string {
  return `{${entries.map(([key, value]) => `${text(key)}:${value}`).join(',')}}`;
}

const naughtyString = fc.oneof(fc.constantFrom(...NAUGHTY_STRINGS), fc.string({ unit: 'binary', maxLength: 40 }));
const hugeString = fc
  .tuple(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }), fc.integer({ min: 5_000, max: 20_000 }))
  .map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length)).slice(0, length));
/** Numbers where decimal strings belong (amounts, rates): doubles, huge and tiny ones. */
const number = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(0, -0, 1e21, 1e-7, 2 ** 53 + 1, -1, 0.1 + 0.2),
);
/** A JSON text nested `depth` levels deep (arrays, objects or both). */
const deepNesting = fc.tuple(fc.integer({ min: 8, max: 3_000 }), fc.constantFrom('array', 'object', 'mixed')).map(([depth, kind]) => {
  const open = Array.from({ length: depth }, (_, i) => (kind === 'array' || (kind === 'mixed' && i % 2 === 0) ? '[' : '{"a":'));
  const close = open.map((piece) => (piece === '[' ? ']' : '}')).reverse();
  return `${open.join('')}1${close.join('')}`;
});

/** A leaf value of any JSON type that no field rule takes as valid (as JSON text). */
export const hostileLeaf: fc.Arbitrary<string> = fc.oneof(
  naughtyString.map(text),
  fc.constantFrom(...DECIMALISH_STRINGS).map(text),
  hugeString.map(text),
  number.map(text),
  fc.constantFrom('null', 'true', 'false', '[]', '{}', '""'),
);

/** An object keyed by prototype member names (and maybe ordinary ones), as JSON text. */
const prototypeObject = (value: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc
    .uniqueArray(fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 8 })), value), { minLength: 1, maxLength: 4, selector: ([key]) => key })
    .map(objectText);

/** Any hostile JSON value as text: leaves, arrays of them, prototype-keyed objects, deep nesting. */
export const hostileValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileLeaf },
  { weight: 1, arbitrary: fc.array(hostileLeaf, { maxLength: 5 }).map((items) => `[${items.join(',')}]`) },
  { weight: 2, arbitrary: prototypeObject(hostileLeaf) },
  { weight: 1, arbitrary: deepNesting },
);

/**
 * A whole hostile JSON body for a route whose near-valid body is `base`: any hostile value at the
 * top, the base with one field replaced by a hostile value, the base with prototype-named keys
 * added, or the base with each field wrapped in a prototype-keyed object.
 */
export function hostileBody(base: Record<string, unknown>): fc.Arbitrary<string> {
  const entries = Object.entries(base).map(([key, value]): [string, string] => [key, text(value)]);
  const variants: fc.Arbitrary<string>[] = [
    hostileValue,
    fc.tuple(fc.uniqueArray(fc.constantFrom(...PROTOTYPE_KEYS), { minLength: 1, maxLength: 3 }), hostileValue).map(([keys, value]) =>
      objectText([...entries, ...keys.map((key): [string, string] => [key, value])]),
    ),
  ];
  if (entries.length > 0) {
    const field = fc.integer({ min: 0, max: entries.length - 1 });
    variants.push(fc.tuple(field, hostileValue).map(([at, value]) => objectText(entries.map(([key, old], i) => [key, i === at ? value : old]))));
    variants.push(
      fc.tuple(field, fc.constantFrom('toString', 'valueOf', 'constructor')).map(([at, member]) =>
        objectText(entries.map(([key, old], i) => [key, i === at ? objectText([[member, old]]) : old])),
      ),
    );
  }
  return fc.oneof(...variants);
}

/**
 * A hostile query string (without `?`): prototype-named and ordinary keys, repeated keys, naughty
 * values; kept under Node's 16 KB header limit, past which Node itself answers 431 before the app.
 */
export function hostileQuery(keys: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS, ...keys), fc.string({ maxLength: 8 }));
  const value = fc.oneof(naughtyString, fc.constantFrom(...DECIMALISH_STRINGS), hugeString.map((s) => s.slice(0, 300)));
  return fc
    .array(fc.tuple(key, value), { minLength: 1, maxLength: 5 })
    .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))}`).join('&'));
}
