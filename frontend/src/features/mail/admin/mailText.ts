/** The words of the outbox: a message's status and kind, as the send log and its filters show them. */
import { i18nKey } from '@/lib/text';
import type { MailKind, MailState } from './api';

export const mailStates: MailState[] = ['waiting', 'sending', 'sent', 'failed'];
export const mailKinds: MailKind[] = ['update', 'confirmation', 'booking', 'test'];

export const stateLabels: Record<MailState, string> = {
  waiting: i18nKey('Waiting'),
  sending: i18nKey('Sending'),
  sent: i18nKey('Sent'),
  failed: i18nKey('Failed'),
};

export const kindLabels: Record<MailKind, string> = {
  update: i18nKey('Update to subscribers'),
  confirmation: i18nKey('Subscription confirmation'),
  booking: i18nKey('Booking confirmation'),
  test: i18nKey('Test message'),
};
