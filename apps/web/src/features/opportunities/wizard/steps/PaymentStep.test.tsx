import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { emptyDraft, type OpportunityDraft } from '../opportunity-draft';
import { PaymentStep } from './PaymentStep';
import type { StepProps } from './step-props';

// Translations are not loaded in unit tests: texts show as their keys.
const LABEL = 'opportunities.wizard.fields.answer_by_date';

function renderStep(draft: Partial<OpportunityDraft>, errors: StepProps['errors'] = {}) {
  const change = vi.fn();
  render(
    <PaymentStep
      draft={{ ...emptyDraft('Europe/Lisbon'), ...draft }}
      change={change}
      errors={errors}
      lookups={{ genres: [], instruments: [], languages: [], countries: [] }}
    />,
  );
  return change;
}

describe('the wizard’s payment step', () => {
  afterEach(cleanup);

  it('offers the answer-by date for a fee paid through Encore, as a wall-clock date and time', () => {
    const change = renderStep({
      payment_type: 'PAID_INTERNAL',
      answer_by_date: '2027-05-10T18:00',
    });
    const field = screen.getByLabelText(LABEL) as HTMLInputElement;
    expect(field.type).toBe('datetime-local');
    expect(field.value).toBe('2027-05-10T18:00');
    expect(screen.getByText('opportunities.wizard.help.answer_by_date')).toBeTruthy();
    fireEvent.change(field, { target: { value: '2027-05-12T12:00' } });
    expect(change).toHaveBeenCalledWith({ answer_by_date: '2027-05-12T12:00' });
  });

  it("shows the server's refusal on the field", () => {
    renderStep(
      { payment_type: 'PAID_INTERNAL', answer_by_date: '2027-01-01T10:00' },
      { answer_by_date: 'The answer-by date must come after the application deadline.' },
    );
    const field = screen.getByLabelText(LABEL);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText('The answer-by date must come after the application deadline.'),
    ).toBeTruthy();
  });

  it('has no answer-by date for a free opportunity or one paid elsewhere', () => {
    renderStep({ payment_type: 'FREE' });
    expect(screen.queryByLabelText(LABEL)).toBeNull();
    cleanup();
    renderStep({ payment_type: 'PAID_EXTERNAL' });
    expect(screen.queryByLabelText(LABEL)).toBeNull();
  });
});
