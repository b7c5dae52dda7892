import { describe, expect, it } from 'vitest';
import { answerDisplay, hasFiles, namesNeeded } from './answer-display';

const read = (type: string, value: unknown, subtype: string | null = null) =>
  answerDisplay({ type, subtype, value }, 'en');

describe('answerDisplay', () => {
  it('shows texts and places as written, and a blank or missing answer as none', () => {
    expect(read('text_field', 'Three songs\nno covers')).toEqual({
      kind: 'text',
      text: 'Three songs\nno covers',
    });
    expect(read('location', { label: 'Lisbon, Portugal' })).toEqual({
      kind: 'text',
      text: 'Lisbon, Portugal',
    });
    expect(read('text_field', '  ')).toEqual({ kind: 'none' });
    expect(read('location', null)).toEqual({ kind: 'none' });
    expect(read('toggle', 'yes')).toEqual({ kind: 'none' });
  });

  it('links addresses, numbers and web pages, never another scheme', () => {
    expect(read('email', 'ana@example.com')).toEqual({
      kind: 'links',
      links: [{ href: 'mailto:ana@example.com', label: 'ana@example.com' }],
    });
    expect(read('tel', '+351 912 345 678')).toEqual({
      kind: 'links',
      links: [{ href: 'tel:+351912345678', label: '+351 912 345 678' }],
    });
    expect(read('link', ['https://ana.example', 'javascript:alert(1)'])).toEqual({
      kind: 'text',
      text: 'https://ana.example\njavascript:alert(1)',
    });
  });

  it('lists choices, and asks for the names of genres and instruments', () => {
    expect(read('list', ['Folk', 'Jazz'])).toEqual({
      kind: 'choices',
      values: ['Folk', 'Jazz'],
      named: null,
    });
    expect(read('genres', ['folk'])).toEqual({
      kind: 'choices',
      values: ['folk'],
      named: 'genres',
    });
  });

  it('reads a toggle, and leaves files and band members to their own display', () => {
    expect(read('toggle', false)).toEqual({ kind: 'toggle', on: false });
    expect(read('audio', ['f-1'])).toEqual({ kind: 'files' });
    expect(read('group_members', [])).toEqual({ kind: 'members' });
  });

  it('shows a date in the reader’s language and a time as written', () => {
    expect(read('datetime_field', '2026-06-01', 'date')).toEqual({
      kind: 'text',
      text: 'Jun 1, 2026',
    });
    expect(read('datetime_field', '20:30', 'time')).toEqual({ kind: 'text', text: '20:30' });
    expect(read('datetime_field', '2027-06-01T20:30', 'datetime')).toEqual({
      kind: 'text',
      text: 'Jun 1, 2027, 8:30 PM',
    });
  });
});

describe('hasFiles and namesNeeded', () => {
  it('look into band members’ answers too', () => {
    const member = { type: 'instruments', files: [{ id: 'f-1' }], child_elements: [] };
    const elements = [
      { type: 'text_field', files: [], child_elements: [] },
      { type: 'group_members', files: [], child_elements: [{ ...member, type: 'heading' }] },
    ];
    expect(hasFiles(elements)).toBe(true);
    expect(namesNeeded(elements)).toBe(false);
    expect(namesNeeded([{ type: 'group_members', child_elements: [member] }])).toBe(true);
    expect(hasFiles([{ files: [], child_elements: [] }])).toBe(false);
  });
});
