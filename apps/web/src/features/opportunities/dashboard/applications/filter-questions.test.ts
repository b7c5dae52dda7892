import { describe, expect, it } from 'vitest';
import { filterQuestions } from './filter-questions';

const field = (slug: string, type: string, choices: string[] = [], label = slug) => ({
  id: `${slug}-${type}`,
  slug,
  label,
  type,
  choices,
});

describe('filterQuestions', () => {
  it('offers list and toggle questions once, with the choices of every form', () => {
    const questions = filterQuestions([
      {
        type: 'GENERAL',
        fields: [
          field('full_name', 'text_field'),
          field('genre', 'list', ['Folk', 'Jazz'], 'Genre'),
          field('own_backline', 'toggle', [], 'We bring our backline'),
        ],
      },
      {
        type: 'INDIVIDUAL',
        fields: [field('genre', 'list', ['Jazz', 'Blues'], 'Genre'), field('demo', 'audio')],
      },
    ]);
    expect(questions).toEqual([
      { slug: 'genre', label: 'Genre', kind: 'list', choices: ['Folk', 'Jazz', 'Blues'] },
      { slug: 'own_backline', label: 'We bring our backline', kind: 'toggle', choices: [] },
    ]);
  });

  it('offers nothing for forms without such questions', () => {
    expect(filterQuestions([{ type: 'GENERAL', fields: [field('email', 'email')] }])).toEqual([]);
  });
});
