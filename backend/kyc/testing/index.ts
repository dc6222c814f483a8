/** Test support for identity verification: a multipart submission as the browser sends it. */
import type { KycStatusDto } from '../../../common/kyc';
import type { TestClient } from '../../accounts/testing';
import { picture } from '../../uploads/testing';

export interface KycPart {
  name: string;
  body: Buffer | string;
  type?: string;
  filename?: string;
}

export interface KycAnswer {
  status: number;
  body: { success: boolean; data?: KycStatusDto; error?: { code: string; message: string; fields?: Record<string, string> } };
}

/** `POST /api/user/kyc` with `parts` (default: a document JPEG and a selfie PNG) as `client`. */
export async function postKyc(client: TestClient, parts?: KycPart[]): Promise<KycAnswer> {
  const form = new FormData();
  for (const part of parts ?? (await kycParts())) {
    form.append(part.name, new Blob([typeof part.body === 'string' ? part.body : new Uint8Array(part.body)], { type: part.type ?? 'image/png' }), part.filename ?? `${part.name}.png`);
  }
  const response = await fetch(`${client.baseUrl}/api/user/kyc`, {
    method: 'POST',
    body: form,
    headers: { lang: client.lang, ...(client.cookies.size > 0 ? { cookie: client.cookieHeader() } : {}) },
  });
  return { status: response.status, body: (await response.json()) as KycAnswer['body'] };
}

/** A document (JPEG) and a selfie (PNG) made on the spot. */
export async function kycParts(): Promise<KycPart[]> {
  return [
    { name: 'document', body: await picture(120, 80).jpeg().toBuffer(), type: 'image/jpeg', filename: 'passport.jpg' },
    { name: 'selfie', body: await picture(80, 120).png().toBuffer(), type: 'image/png', filename: 'selfie.png' },
  ];
}
