/**
 * One signed call of the partner API in four languages, shown on `/documentation` and run as they
 * are by the test suite (backend/partnerApi/examples.int.test.ts). Each is a complete program that
 * signs and sends one call and prints the server's JSON answer.
 * Placeholders: `{{BASE_URL}}` (the site's address without a trailing slash, e.g.
 * https://exchanger.example), `{{API_KEY}}`, `{{SECRET}}`, `{{METHOD}}` and `{{PARAMS}}` (the
 * method's parameters as one JSON object, `time` added by the program). Every placeholder sits in a
 * single-quoted string literal; `fillPartnerApiExample` escapes each value for its language, and the
 * parameters are a JSON string parsed at run time, so no value can break out of its literal.
 *
 * Every example serialises the body once and both hashes and sends those same bytes:
 * `hash = sha512_hex( sha512_hex(body) + secret )`, `time` in milliseconds (common/partnerApi.ts).
 */
import { PARTNER_API_PREFIX, type PartnerApiMethod } from './partnerApi';

export type PartnerApiExampleLanguage = 'curl' | 'node' | 'python' | 'php';
export const PARTNER_API_EXAMPLE_LANGUAGES: readonly PartnerApiExampleLanguage[] = ['curl', 'node', 'python', 'php'];

/** bash + curl; sha512sum, or openssl where there is none (macOS). */
export const CURL_EXAMPLE = `#!/usr/bin/env bash
# bash call.sh
set -euo pipefail

BASE_URL='{{BASE_URL}}'
API_KEY='{{API_KEY}}'
SECRET='{{SECRET}}'
METHOD='{{METHOD}}'
# The method's parameters: one compact JSON object ('{}' for none).
PARAMS='{{PARAMS}}'

sha512_hex() {
  if command -v sha512sum >/dev/null 2>&1; then
    sha512sum | cut -d' ' -f1
  else
    openssl dgst -sha512 | sed 's/^.*= //'
  fi
}

# Milliseconds (GNU date), else seconds x 1000.
TIME=$(date +%s%3N 2>/dev/null || true)
case "$TIME" in
  '' | *[!0-9]*) TIME=$(($(date +%s) * 1000)) ;;
esac

# 1. The body: "time" put first into the parameters, serialised once;
#    these exact bytes are hashed and sent.
if [ "$PARAMS" = '{}' ]; then
  BODY="{\\"time\\":$TIME}"
else
  BODY="{\\"time\\":$TIME,\${PARAMS:1}"
fi
# 2-4. sha512 hex of the body, the secret appended, sha512 hex again.
HASH=$(printf '%s%s' "$(printf '%s' "$BODY" | sha512_hex)" "$SECRET" | sha512_hex)

curl -sS -X POST "$BASE_URL${PARTNER_API_PREFIX}/$METHOD" \\
  -H 'content-type: application/json' \\
  -H "apikey: $API_KEY" \\
  -H "hash: $HASH" \\
  --data-binary "$BODY"
echo
`;

/** Node.js 18+ (node:crypto + fetch); runs as CommonJS or as an ES module. */
export const NODE_EXAMPLE = `// Node.js 18+: node call.js
const BASE_URL = '{{BASE_URL}}';
const API_KEY = '{{API_KEY}}';
const SECRET = '{{SECRET}}';
const METHOD = '{{METHOD}}';
const PARAMS = JSON.parse('{{PARAMS}}');

async function main() {
  const { createHash } = await import('node:crypto');
  const sha512Hex = (text) => createHash('sha512').update(text, 'utf8').digest('hex');

  // 1. The body: the parameters and "time", serialised once; these exact bytes are hashed and sent.
  const body = JSON.stringify({ ...PARAMS, time: Date.now() });
  // 2-4. sha512 hex of the body, the secret appended, sha512 hex again.
  const hash = sha512Hex(sha512Hex(body) + SECRET);

  const response = await fetch(BASE_URL + '${PARTNER_API_PREFIX}/' + METHOD, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: API_KEY, hash },
    body,
  });
  console.log(await response.text());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
`;

/** Python 3 (hashlib + urllib.request, no packages). */
export const PYTHON_EXAMPLE = `#!/usr/bin/env python3
# python3 call.py
import hashlib
import json
import time
import urllib.error
import urllib.request

BASE_URL = '{{BASE_URL}}'
API_KEY = '{{API_KEY}}'
SECRET = '{{SECRET}}'
METHOD = '{{METHOD}}'
PARAMS = json.loads('{{PARAMS}}')


def sha512_hex(data: bytes) -> str:
    return hashlib.sha512(data).hexdigest()


# 1. The body: the parameters and "time", serialised once; these exact bytes are hashed and sent.
params = dict(PARAMS, time=int(time.time() * 1000))
body = json.dumps(params, separators=(',', ':'), ensure_ascii=False).encode('utf-8')
# 2-4. sha512 hex of the body, the secret appended, sha512 hex again.
signature = sha512_hex((sha512_hex(body) + SECRET).encode('utf-8'))

request = urllib.request.Request(
    BASE_URL + '${PARTNER_API_PREFIX}/' + METHOD,
    data=body,
    method='POST',
    headers={'content-type': 'application/json', 'apikey': API_KEY, 'hash': signature},
)
try:
    with urllib.request.urlopen(request) as response:
        print(response.read().decode('utf-8'))
except urllib.error.HTTPError as error:
    print(error.read().decode('utf-8'))
`;

/** PHP 7.4+, no extension (an HTTP stream context; allow_url_fopen, on by default). */
export const PHP_EXAMPLE = `<?php
// php call.php
$baseUrl = '{{BASE_URL}}';
$apiKey = '{{API_KEY}}';
$secret = '{{SECRET}}';
$method = '{{METHOD}}';
$params = json_decode('{{PARAMS}}', true, 512, JSON_THROW_ON_ERROR);

// 1. The body: the parameters and "time", serialised once; these exact bytes are hashed and sent.
$params['time'] = (int) floor(microtime(true) * 1000);
$body = json_encode($params, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR);
// 2-4. sha512 hex of the body, the secret appended, sha512 hex again.
$hash = hash('sha512', hash('sha512', $body) . $secret);

// ignore_errors: the JSON answer of a refused call (4xx) is read too.
$context = stream_context_create(['http' => [
    'method' => 'POST',
    'header' => "Content-Type: application/json\\r\\napikey: $apiKey\\r\\nhash: $hash\\r\\n",
    'content' => $body,
    'ignore_errors' => true,
]]);
$answer = file_get_contents($baseUrl . '${PARTNER_API_PREFIX}/' . $method, false, $context);
if ($answer === false) {
    fwrite(STDERR, 'request failed' . PHP_EOL);
    exit(1);
}
echo $answer, PHP_EOL;
`;

export const PARTNER_API_EXAMPLES: Record<PartnerApiExampleLanguage, string> = {
  curl: CURL_EXAMPLE,
  node: NODE_EXAMPLE,
  python: PYTHON_EXAMPLE,
  php: PHP_EXAMPLE,
};

/** Parameters shown in the examples per method (`time` is added by the program); ping is the default. */
export const PARTNER_API_EXAMPLE_PARAMS = {
  ping: {},
  currencies: {},
  rate: { from: 'BTC', to: 'SBERRUB', rateType: 'fixed', amountSend: '0.01' },
  order_create: {
    from: 'BTC',
    to: 'SBERRUB',
    rateType: 'fixed',
    amountSend: '0.01',
    email: 'client@example.com',
    receiverAccount: '2202200000000008',
    externalId: 'order-1001',
    callbackUrl: 'https://partner.example.com/exchanger-hook',
  },
  order_get: { uid: 'A1B2C3D4' },
  orders_list: { status: 'new' },
} satisfies Partial<Record<PartnerApiMethod, Record<string, string>>>;
export type PartnerApiExampleMethod = keyof typeof PARTNER_API_EXAMPLE_PARAMS;
export const PARTNER_API_EXAMPLE_METHODS = Object.keys(PARTNER_API_EXAMPLE_PARAMS) as PartnerApiExampleMethod[];

export interface PartnerApiExampleValues {
  baseUrl: string;
  apiKey: string;
  secret: string;
  /** A method name of the contract (letters and `_`). */
  method: string;
  /** The method's parameters (`time` is the program's own and dropped here). */
  params: Record<string, unknown>;
}

/** The body of a single-quoted string literal holding `value` as it is, per language. */
const QUOTE: Record<PartnerApiExampleLanguage, (value: string) => string> = {
  // bash: nothing is special inside '…' but the quote itself.
  curl: (value) => value.replaceAll("'", `'\\''`),
  node: (value) =>
    value
      .replaceAll('\\', '\\\\')
      .replaceAll("'", "\\'")
      .replaceAll('\n', '\\n')
      .replaceAll('\r', '\\r')
      .replaceAll('\u2028', '\\u2028')
      .replaceAll('\u2029', '\\u2029'),
  python: (value) => value.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n').replaceAll('\r', '\\r'),
  // PHP '…': only \\ and \' are escapes.
  php: (value) => value.replaceAll('\\', '\\\\').replaceAll("'", "\\'"),
};

/** The example of `language` with its placeholders replaced, each value escaped for its string literal. */
export function fillPartnerApiExample(language: PartnerApiExampleLanguage, values: PartnerApiExampleValues): string {
  if (!/^[a-z_]+$/.test(values.method)) throw new Error(`not a method name: ${values.method}`);
  const { time: _time, ...params } = values.params;
  const quote = QUOTE[language];
  const filled: Record<string, string> = {
    BASE_URL: values.baseUrl.replace(/\/+$/, ''),
    API_KEY: values.apiKey,
    SECRET: values.secret,
    METHOD: values.method,
    PARAMS: JSON.stringify(params),
  };
  return PARTNER_API_EXAMPLES[language].replace(/\{\{(BASE_URL|API_KEY|SECRET|METHOD|PARAMS)\}\}/g, (_match, name: string) => quote(filled[name]!));
}
