import { describe, expect, it } from 'vitest';
import { applicationFormSchema } from '@encore/core';
import { definitionOf, formTabsOf, saveInputOf } from './form-api';
import { individualForm } from './components/test-forms';

describe('application forms between the API and the builder', () => {
  it('reads the API’s form in order, leaving out kinds and languages this app does not know', () => {
    const form = individualForm('form-1', { supported_languages: ['en', 'tlh'] });
    const [name, email, address] = form.fields;
    form.fields = [
      { ...address!, order: 7 },
      { ...email!, type: 'hologram', order: 3 },
      { ...name!, order: 1 },
    ];
    const definition = definitionOf(form);
    expect(definition.fields.map((field) => [field.slug, field.order])).toEqual([
      ['full_name', 0],
      ['address', 1],
    ]);
    expect(definition.supported_languages).toEqual(['en']);
    expect(definition.fields[0]).toMatchObject({ type: 'text_field', subtype: 'text' });
  });

  it('sends the form whole, as the shared schema takes it', () => {
    const definition = definitionOf(individualForm());
    const input = saveInputOf('opp-1', definition);
    expect(input).toMatchObject({ opportunity_id: 'opp-1', type: 'INDIVIDUAL', terms: null });
    const { opportunity_id: _id, ...form } = input;
    expect(applicationFormSchema.parse(form)).toEqual(definition);
  });

  it('puts the form applicants see first first', () => {
    expect(formTabsOf(['BANDS'])).toEqual(['GENERAL']);
    expect(formTabsOf(['INDIVIDUALS', 'BANDS'])).toEqual(['INDIVIDUAL', 'GENERAL']);
    expect(formTabsOf([])).toEqual(['INDIVIDUAL', 'GENERAL']);
  });
});
