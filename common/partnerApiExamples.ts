/**
 * One signed `ping` call of the partner API in four languages, shown on `/documentation` and run
 * as they are by the test suite. Each is a complete program printing the server's JSON answer.
 * Placeholders: `{{BASE_URL}}` (the site's address without a trailing slash, e.g.
 * https://exchanger.example), `{{API_KEY}}`, `{{SECRET}}`; `fillPartnerApiExample` puts values in.
 *
 * Every example serialises the body once and both hashes and sends those same bytes:
 * `hash = sha512_hex( sha512_hex(body) + secret )`, `time` in milliseconds (common/partnerApi.ts).
 */
import { PARTNER_API_PREFIX } from './partnerApi';

export type PartnerApiExampleLanguage = 'curl' | 'node' | 'python' | 'php';
export const PARTNER_API_EXAMPLE_LANGUAGES: readonly PartnerApiExampleLanguage[] = ['curl', 'node', 'python', 'php'];

const PING_PATH = `${PARTNER_API_PREFIX}/ping`;

/** bash + curl; sha512sum, or openssl where there is none (macOS). */
export const CURL_EXAMPLE = `#!/usr/bin/env bash
# bash ping.sh
set -euo pipefail

BASE_URL='{{BASE_URL}}'
API_KEY='{{API_KEY}}'
SECRET='{{SECRET}}'

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

# 1. The body: serialised once, these exact bytes are hashed and sent.
BODY="{\\"time\\":$TIME}"
# 2-4. sha512 hex of the body, the secret appended, sha512 hex again.
HASH=$(printf '%s%s' "$(printf '%s' "$BODY" | sha512_hex)" "$SECRET" | sha512_hex)

curl -sS -X POST "$BASE_URL${PING_PATH}" \\
  -H 'content-type: application/json' \\
  -H "apikey: $API_KEY" \\
  -H "hash: $HASH" \\
  --data-binary "$BODY"
echo
`;

/** Node.js 18+ (node:crypto + fetch); runs as CommonJS or as an ES module. */
export const NODE_EXAMPLE = `// Node.js 18+: node ping.js
const BASE_URL = '{{BASE_URL}}';
const API_KEY = '{{API_KEY}}';
const SECRET = '{{SECRET}}';

async function main() {
  const { createHash } = await import('node:crypto');
  const sha512Hex = (text) => createHash('sha512').update(text, 'utf8').digest('hex');

  // 1. The body: serialised once, these exact bytes are hashed and sent.
  const body = JSON.stringify({ time: Date.now() });
  // 2-4. sha512 hex of the body, the secret appended, sha512 hex again.
  const hash = sha512Hex(sha512Hex(body) + SECRET);

  const response = await fetch(BASE_URL + '${PING_PATH}', {
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
# python3 ping.py
import hashlib
import json
import time
import urllib.error
import urllib.request

BASE_URL = '{{BASE_URL}}'
API_KEY = '{{API_KEY}}'
SECRET = '{{SECRET}}'


def sha512_hex(data: bytes) -> str:
    return hashlib.sha512(data).hexdigest()


# 1. The body: serialised once, these exact bytes are hashed and sent.
body = json.dumps({'time': int(time.time() * 1000)}, separators=(',', ':')).encode('utf-8')
# 2-4. sha512 hex of the body, the secret appended, sha512 hex again.
signature = sha512_hex((sha512_hex(body) + SECRET).encode('utf-8'))

request = urllib.request.Request(
    BASE_URL + '${PING_PATH}',
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

/** PHP 7.4+ with the curl extension. */
export const PHP_EXAMPLE = `<?php
// php ping.php
$baseUrl = '{{BASE_URL}}';
$apiKey = '{{API_KEY}}';
$secret = '{{SECRET}}';

// 1. The body: serialised once, these exact bytes are hashed and sent.
$body = json_encode(['time' => (int) floor(microtime(true) * 1000)]);
// 2-4. sha512 hex of the body, the secret appended, sha512 hex again.
$hash = hash('sha512', hash('sha512', $body) . $secret);

$ch = curl_init($baseUrl . '${PING_PATH}');
curl_setopt_array($ch, [
    CURLOPT_POST => true,
    CURLOPT_POSTFIELDS => $body,
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_HTTPHEADER => ['Content-Type: application/json', 'apikey: ' . $apiKey, 'hash: ' . $hash],
]);
$answer = curl_exec($ch);
if ($answer === false) {
    fwrite(STDERR, curl_error($ch) . PHP_EOL);
    exit(1);
}
curl_close($ch);
echo $answer, PHP_EOL;
`;

export const PARTNER_API_EXAMPLES: Record<PartnerApiExampleLanguage, string> = {
  curl: CURL_EXAMPLE,
  node: NODE_EXAMPLE,
  python: PYTHON_EXAMPLE,
  php: PHP_EXAMPLE,
};

export interface PartnerApiExampleValues {
  baseUrl: string;
  apiKey: string;
  secret: string;
}

/** An example with its placeholders replaced (single-quoted in every source: keep values free of quotes). */
export function fillPartnerApiExample(source: string, values: PartnerApiExampleValues): string {
  return source.replaceAll('{{BASE_URL}}', values.baseUrl.replace(/\/+$/, '')).replaceAll('{{API_KEY}}', values.apiKey).replaceAll('{{SECRET}}', values.secret);
}
