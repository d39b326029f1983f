import { describe, expect, it } from 'vitest';
import { fakeContent } from '../testing/fakeSite';
import {
  appendTo,
  emptyMember,
  getAt,
  keyOf,
  messagesByPart,
  moveWithin,
  placeId,
  placeMessages,
  placeOf,
  remapMessages,
  removeFrom,
  sameData,
  setAt,
} from './draft';

describe('paths into the content', () => {
  it('read a value by the server’s path', () => {
    const content = fakeContent();
    expect(getAt(content, 'team.0.members.1.name.mr')).toBe('श्रीकांत पाटील');
    expect(getAt(content, 'organisation.social.1.url')).toBe('https://www.youtube.com/@test');
    expect(getAt(content, 'team.9.title')).toBeUndefined();
  });

  it('change one value, copying only the containers on the path', () => {
    const content = fakeContent();
    const changed = setAt(content, 'team.0.members.1.name.en', 'Shrikant A. Patil');
    expect(getAt(changed, 'team.0.members.1.name.en')).toBe('Shrikant A. Patil');
    expect(getAt(content, 'team.0.members.1.name.en')).toBe('Shrikant Patil');
    expect(changed.team[1]).toBe(content.team[1]);
    expect(changed.team[0].members[0]).toBe(content.team[0].members[0]);
    expect(changed.organisation).toBe(content.organisation);
  });

  it('remove an optional field when given no value, and add it back', () => {
    const content = fakeContent();
    const without = setAt(content, 'team.0.members.1.phone', undefined);
    expect('phone' in without.team[0].members[1]).toBe(false);
    const again = setAt(without, 'team.0.members.1.phone', '9000000000');
    expect(again.team[0].members[1].phone).toBe('9000000000');
  });

  it('give element ids from paths', () => {
    expect(placeId('team.2.members.0.name.mr')).toBe('site-team-2-members-0-name-mr');
    expect(placeId('')).toBe('site-content');
  });
});

describe('lists', () => {
  it('add an item at the end', () => {
    const content = fakeContent();
    const added = appendTo(content, 'team.2.members', emptyMember());
    expect(added.team[2].members).toEqual([{ name: { en: '', mr: '' }, role: { en: '', mr: '' } }]);
    expect(content.team[2].members).toEqual([]);
  });

  it('remove an item, the others keeping their order', () => {
    const content = fakeContent();
    const removed = removeFrom(content, 'organisation.social', 0);
    expect(removed.organisation.social.map((link) => link.label)).toEqual(['YouTube']);
  });

  it('move an item up and down', () => {
    const content = fakeContent();
    const up = moveWithin(content, 'team', 2, 1);
    expect(up.team.map((group) => group.title.en)).toEqual(['Trustees', 'Invited Members', 'Office Bearers']);
    const down = moveWithin(up, 'team', 0, 1);
    expect(down.team.map((group) => group.title.en)).toEqual(['Invited Members', 'Trustees', 'Office Bearers']);
  });

  it('keep each item’s key through moves and edits', () => {
    const content = fakeContent();
    const [trustees, bearers] = content.team.map((group) => keyOf(group));
    expect(trustees).not.toBe(bearers);
    const moved = moveWithin(content, 'team', 0, 1);
    const edited = setAt(moved, 'team.1.title.en', 'Board of Trustees');
    expect(edited.team[1]).not.toBe(content.team[0]);
    expect(keyOf(edited.team[1])).toBe(trustees);
    expect(keyOf(edited.team[0])).toBe(bearers);
  });

  it('refuse a path that is not a list', () => {
    expect(() => appendTo(fakeContent(), 'organisation.email', {})).toThrow(/not a list/);
  });
});

describe('where a server message is shown', () => {
  const content = fakeContent();

  it('at the field the path names', () => {
    expect(placeOf('team.0.members.1.name.mr', content)).toBe('team.0.members.1.name.mr');
    expect(placeOf('organisation.name.te', content)).toBe('organisation.name.te');
    expect(placeOf('slides.1.image', content)).toBe('slides.1.image');
  });

  it('at a pair, a list or an item when the path names one', () => {
    expect(placeOf('team.0.members.1.name', content)).toBe('team.0.members.1.name');
    expect(placeOf('team.0.members', content)).toBe('team.0.members');
    expect(placeOf('sponsors.0', content)).toBe('sponsors.0');
  });

  it('at a member’s phone even when the member has none', () => {
    expect(placeOf('team.0.members.0.phone', content)).toBe('team.0.members.0.phone');
  });

  it('at the nearest place the editor has for an unknown, hidden or missing path', () => {
    expect(placeOf('team.7.title.en', content)).toBe('team');
    expect(placeOf('sub_bodies.3.id', content)).toBe('sub_bodies.3');
    expect(placeOf('organisation.email.domain', content)).toBe('organisation.email');
    expect(placeOf('colour', content)).toBe('');
  });

  it('gathers two messages for one place', () => {
    expect(placeMessages({ 'team.0.members.1.name.mr': 'Required', 'sub_bodies.2.id': 'Unknown sub-body', 'sub_bodies.2': 'Duplicate' }, content)).toEqual({
      'team.0.members.1.name.mr': 'Required',
      'sub_bodies.2': 'Unknown sub-body Duplicate',
    });
  });

  it('counts the places with a message in each part (the tabs)', () => {
    expect(messagesByPart({ 'team.0.title.en': 'x', 'team.1': 'y', 'slides.0.image': 'z', about: 'w', '': 'v' })).toEqual({
      organisation: 0,
      team: 2,
      subBodies: 0,
      home: 1,
      pages: 1,
    });
  });
});

describe('messages follow their items', () => {
  const messages = { 'team.0.title.en': 'a', 'team.1.members.0.name.mr': 'b', 'team.2': 'c', team: 'd', 'team.10.title.en': 'e', 'slides.1.title.en': 'f' };

  it('when an item moves', () => {
    const swapped = (old: number) => (old === 1 ? 2 : old === 2 ? 1 : old);
    expect(remapMessages(messages, 'team', swapped)).toEqual({
      'team.0.title.en': 'a',
      'team.2.members.0.name.mr': 'b',
      'team.1': 'c',
      team: 'd',
      'team.10.title.en': 'e',
      'slides.1.title.en': 'f',
    });
  });

  it('when an item is removed: its messages go, the later ones move up', () => {
    const removedFirst = (old: number) => (old === 0 ? null : old - 1);
    expect(remapMessages(messages, 'team', removedFirst)).toEqual({
      'team.0.members.0.name.mr': 'b',
      'team.1': 'c',
      team: 'd',
      'team.9.title.en': 'e',
      'slides.1.title.en': 'f',
    });
  });

  it('only within the list named', () => {
    expect(remapMessages({ 'team.1.members.2.name.en': 'x' }, 'team.1.members', () => null)).toEqual({});
    expect(remapMessages({ 'team.1.members.2.name.en': 'x' }, 'team.0.members', () => null)).toEqual({ 'team.1.members.2.name.en': 'x' });
  });
});

describe('unsaved changes', () => {
  it('are data that differs, whatever the order of the fields', () => {
    const content = fakeContent();
    expect(sameData(content, fakeContent())).toBe(true);
    const reordered = setAt(setAt(content, 'team.0.members.1.role', undefined), 'team.0.members.1.role', { en: 'Trustee', mr: 'विश्वस्त' });
    expect(Object.keys(reordered.team[0].members[1])).not.toEqual(Object.keys(content.team[0].members[1]));
    expect(sameData(content, reordered)).toBe(true);
    expect(sameData(content, setAt(content, 'about.mr', 'नवा मजकूर'))).toBe(false);
    expect(sameData(content, removeFrom(content, 'slides', 1))).toBe(false);
  });
});
