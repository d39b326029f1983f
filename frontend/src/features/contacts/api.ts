import { api, fieldErrors, type Schemas } from '@/lib/api';

export type ContactInput = Schemas['ContactInput'];

export type SendResult = { ok: true } | { ok: false; fields: Record<string, string> };

/** POST /api/contacts; a 422 answer's per-field messages come back in `fields`. */
export async function sendContact(body: ContactInput): Promise<SendResult> {
  try {
    const { response, error } = await api.POST('/api/contacts', { body });
    if (response.ok) return { ok: true };
    return { ok: false, fields: fieldErrors(error) };
  } catch (error) {
    console.error(error);
    return { ok: false, fields: {} };
  }
}
