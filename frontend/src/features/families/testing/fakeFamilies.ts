/** Rows as the server answers them (the server's contract, openapi.json), for the administrator pages' tests. */
import type { FamilyDetail, HeadRow, MemberRow } from '../admin/api';

export function headRow(id: number, firstName: string, surname: string, extra: Partial<HeadRow> = {}): HeadRow {
  return {
    id,
    firstName,
    middleName: 'रामचंद्र',
    lastName: surname,
    surname,
    fatherName: 'रामचंद्र',
    motherName: 'सीता',
    dob: '1970-05-14',
    age: '56',
    sex: 'Male',
    education: 'बी.कॉम.',
    occupation: 'शेती',
    status: 'Married',
    workAddress: 'सोलापूर',
    whatsapp: '9876543210',
    area: 'सोलापूर',
    duplicateOf: null,
    memberCount: 0,
    created_at: '2026-11-20T10:00:00+05:30',
    ...extra,
  };
}

export function memberRow(id: number, headId: number, name: string, relation: string, extra: Partial<MemberRow> = {}): MemberRow {
  return {
    id,
    headId,
    name,
    relation,
    fatherName: 'सुरेश',
    motherName: 'सुमन',
    surname: 'पाटील',
    dob: '1998-02-01',
    age: '28',
    sex: 'Female',
    education: 'एम.ए.',
    occupation: 'शिक्षिका',
    status: 'Unmarried',
    workAddress: 'पुणे',
    whatsapp: '9876543211',
    area: 'पुणे',
    ...extra,
  };
}

export const family = (head: HeadRow, members: MemberRow[]): FamilyDetail => ({ ...head, memberCount: members.length, familyMembers: members });
