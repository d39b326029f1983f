/**
 * The family registry's public server calls, through the shared openapi-fetch client typed
 * by the generated schema. The form keeps its values as plain strings (a select may still be
 * empty); the request types narrow sex and status to the server's choices, which the rules have
 * checked before anything is sent.
 */
import { api, formCall, type Schemas } from '@/lib/api';
import type { RealtimeEvent } from '@/lib/realtime';
import type { HeadValues, MemberValues } from './fields';

export type Registered = Schemas['Registered'];
/** `website`: the honeypot (components/ui/Honeypot), empty from people. */
export type FamilyRegistration = { head: HeadValues; familyMembers: MemberValues[]; website: string };

export const headInput = (values: HeadValues) => values as Schemas['HeadInput'];
export const memberInput = (values: MemberValues) => values as Schemas['MemberInput'];

/** POST /api/members/register: the head and the members, stored whole or not at all. */
export const registerFamily = (body: FamilyRegistration) =>
  formCall(() =>
    api.POST('/api/members/register', {
      body: { head: headInput(body.head), familyMembers: body.familyMembers.map(memberInput), website: body.website },
    }),
  );

/** The live event after a registration, an edit or a delete. */
export const isFamiliesUpdate = (event: RealtimeEvent) => event.type === 'familiesUpdated';
