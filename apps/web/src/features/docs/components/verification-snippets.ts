import { WEBHOOK_HEADERS, WEBHOOK_TOLERANCE_SECONDS } from '@tessera/domain';

/**
 * How a receiver checks a delivery's signature, in Node, Python and the shell. Each was run against a signature made as
 * the server makes it (HMAC-SHA256 with the whole secret as key over `${t}.${body}`): keep them runnable as they are.
 */
export const VERIFY_NODE = `import { createHmac, timingSafeEqual } from 'node:crypto';

const TOLERANCE_SECONDS = ${WEBHOOK_TOLERANCE_SECONDS};

/**
 * rawBody: the request body exactly as received (a string or Buffer), before any JSON parsing.
 * header: the ${WEBHOOK_HEADERS.signature} header, such as "t=1764235800,v1=5f0c…".
 */
export function verifyTesseraSignature(rawBody, header, secret, nowSeconds = Math.floor(Date.now() / 1000)) {
  const fields = new Map(header.split(',').map((part) => part.trim().split('=', 2)));
  const timestamp = Number(fields.get('t'));
  const given = Buffer.from(fields.get('v1') ?? '', 'hex');
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(\`\${timestamp}.\${rawBody}\`).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// With Express: keep the raw body for this route.
// app.post('/hooks/tessera', express.raw({ type: 'application/json' }), (req, res) => {
//   if (!verifyTesseraSignature(req.body, req.get('${WEBHOOK_HEADERS.signature}') ?? '', process.env.TESSERA_WEBHOOK_SECRET)) return res.sendStatus(400);
//   const event = JSON.parse(req.body);
//   res.sendStatus(204); // answer at once; handle the event afterwards
// });`;

export const VERIFY_PYTHON = `import hashlib
import hmac
import time

TOLERANCE_SECONDS = ${WEBHOOK_TOLERANCE_SECONDS}


def verify_tessera_signature(raw_body: bytes, header: str, secret: str) -> bool:
    """raw_body: the request body exactly as received (bytes), before any JSON parsing."""
    fields = dict(part.strip().split("=", 1) for part in header.split(",") if "=" in part)
    try:
        timestamp = int(fields["t"])
    except (KeyError, ValueError):
        return False
    if abs(time.time() - timestamp) > TOLERANCE_SECONDS:
        return False
    signed = str(timestamp).encode() + b"." + raw_body
    expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, fields.get("v1", ""))


# With Flask:
# @app.post("/hooks/tessera")
# def tessera_webhook():
#     if not verify_tessera_signature(request.get_data(), request.headers.get("${WEBHOOK_HEADERS.signature}", ""), SECRET):
#         abort(400)
#     event = request.get_json()
#     return "", 204`;

export const VERIFY_OPENSSL = `# A delivery saved as it arrived: its body in body.json (byte for byte) and its ${WEBHOOK_HEADERS.signature} header.
SECRET='whsec_…'                       # the endpoint's signing secret
HEADER='t=1764235800,v1=5f0c…'         # the ${WEBHOOK_HEADERS.signature} header's value
T=$(printf '%s' "$HEADER" | sed -E 's/.*(^|,)t=([0-9]+).*/\\2/')
V1=$(printf '%s' "$HEADER" | sed -E 's/.*(^|,)v1=([0-9a-f]+).*/\\2/')
EXPECTED=$( { printf '%s.' "$T"; cat body.json; } | openssl dgst -sha256 -hmac "$SECRET" | sed 's/^.*= //')
AGE=$(( $(date +%s) - T ))
if [ "$EXPECTED" = "$V1" ] && [ "$AGE" -le ${WEBHOOK_TOLERANCE_SECONDS} ] && [ "$AGE" -ge -${WEBHOOK_TOLERANCE_SECONDS} ]; then
  echo 'signature valid'
else
  echo 'signature INVALID'
fi`;

export const SEND_SIGNED_CURL = `# Send your own receiver a signed request, as a delivery would arrive (to test it before registering it).
SECRET='whsec_…'
BODY='{"id":"evt_local_test","type":"webhook.test","createdAt":"2026-11-27T09:30:00.000Z","tenant":"6745a1c2e4b0a1b2c3d4e5a1","institution":null,"data":{"message":"Hello"}}'
T=$(date +%s)
V1=$(printf '%s.%s' "$T" "$BODY" | openssl dgst -sha256 -hmac "$SECRET" | sed 's/^.*= //')
curl -X POST 'https://your-server.example/hooks/tessera' \\
  -H 'content-type: application/json' \\
  -H "${WEBHOOK_HEADERS.signature}: t=$T,v1=$V1" \\
  -H '${WEBHOOK_HEADERS.event}: webhook.test' \\
  -H '${WEBHOOK_HEADERS.delivery}: local-test' \\
  --data "$BODY"`;
