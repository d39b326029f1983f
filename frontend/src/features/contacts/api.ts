import { api, formRefusal, unanswered, type FormRefusal, type Schemas } from '@/lib/api';

export type ContactInput = Schemas['ContactInput'];

export type SendResult = { ok: true } | FormRefusal;

/** POST /api/contacts; a refusal carries the 422 per-field messages and a 429's wait. */
export async function sendContact(body: ContactInput): Promise<SendResult> {
  try {
    const { response, error } = await api.POST('/api/contacts', { body });
    if (response.ok) return { ok: true };
    return formRefusal(response, error);
  } catch (error) {
    console.error(error);
    return unanswered;
  }
}
