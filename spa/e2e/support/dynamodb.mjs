// Writes items straight into DynamoDB Local (its JSON protocol), to seed what the product has no
// screen for yet. DynamoDB Local checks that a request is signed, not the signature's key.
import { createHash, createHmac } from 'node:crypto';

const hmac = (key, text) => createHmac('sha256', key).update(text).digest();
const sha256 = (text) => createHash('sha256').update(text).digest('hex');

async function call(endpoint, target, body) {
  const url = new URL(endpoint);
  const payload = JSON.stringify(body);
  const amzDate = new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const region = 'us-east-1';
  const scope = `${day}/${region}/dynamodb/aws4_request`;
  const headers = {
    'content-type': 'application/x-amz-json-1.0',
    host: url.host,
    'x-amz-date': amzDate,
    'x-amz-target': `DynamoDB_20120810.${target}`,
  };
  const signed = Object.keys(headers).sort();
  const canonical = ['POST', '/', '', ...signed.map((h) => `${h}:${headers[h]}`), '', signed.join(';'), sha256(payload)].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  let key = hmac('AWS4local', day);
  for (const part of [region, 'dynamodb', 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      ...headers,
      authorization: `AWS4-HMAC-SHA256 Credential=local/${scope}, SignedHeaders=${signed.join(';')}, Signature=${signature}`,
    },
    body: payload,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`DynamoDB ${target}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : {};
}

/** Marks `count` notifications unread for the user: the counter item and the notifications. */
export async function seedUnreadNotifications({ endpoint, table, userId, count }) {
  const pk = { S: `USER#${userId}` };
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const at = new Date(now - i * 60_000).toISOString();
    const id = `e2e-${i}`;
    await call(endpoint, 'PutItem', {
      TableName: table,
      Item: {
        PK: pk,
        SK: { S: `NOTIF#${at}#${id}` },
        userId: { S: userId },
        read: { BOOL: false },
        tipo: { S: 'sistema' },
        texto: { S: `Notificação de teste ${i + 1}` },
        link: { S: '/dashboard' },
        criadoEm: { S: at },
      },
    });
  }
  await call(endpoint, 'PutItem', {
    TableName: table,
    Item: { PK: pk, SK: { S: 'NOTIFSTATE' }, unread: { N: String(count) } },
  });
}

/**
 * Backdates a member's registration (their profile's dataCadastro) by `days` and, with `verified`,
 * records their e-mail as verified: reports weigh toward hiding only from such accounts.
 */
export async function seedAccountAge({ endpoint, table, userId, days, verified = false }) {
  const at = new Date(Date.now() - days * 86_400_000).toISOString();
  await call(endpoint, 'UpdateItem', {
    TableName: table,
    Key: { PK: { S: `USER#${userId}` }, SK: { S: 'PROFILE' } },
    UpdateExpression: verified ? 'SET dataCadastro = :at, emailVerificado = :v' : 'SET dataCadastro = :at',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: verified ? { ':at': { S: at }, ':v': { BOOL: true } } : { ':at': { S: at } },
  });
}

/** Puts one item as it is (DynamoDB's JSON: { PK: { S: … }, … }). */
export async function putItem({ endpoint, table, item }) {
  await call(endpoint, 'PutItem', { TableName: table, Item: item });
}
