/**
 * A subscriber's status in the administrators' list (docs/DESIGN.md §14: an e-mail address gets
 * updates only once confirmed; a mobile number is for the WhatsApp list), with the server's
 * words narrowed to the values it documents.
 */
import type { Schemas } from '@/lib/api';
import { i18nKey } from '@/lib/text';

export type SubscriberStatus = 'waiting' | 'confirmed' | 'unsubscribed' | 'mobile';

export type Subscriber = Schemas['Subscriber'] & { status: SubscriberStatus; lang: 'en' | 'mr' };

export const subscriberStatusLabels: Record<SubscriberStatus, string> = {
  waiting: i18nKey('Waiting for confirmation'),
  confirmed: i18nKey('Confirmed'),
  unsubscribed: i18nKey('Unsubscribed'),
  mobile: i18nKey('Mobile (for the WhatsApp list)'),
};

/** The status filter's choices, in the list's words. */
export const subscriberStatusOptions = (Object.keys(subscriberStatusLabels) as SubscriberStatus[]).map((value) => ({
  value,
  label: subscriberStatusLabels[value],
}));
