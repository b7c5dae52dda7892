import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import type { i18n } from 'i18next';
import { RevenueSection } from './RevenueSection';
import { englishI18n, euros, renderWith, revenue, revenueMock } from './payments-test-data';

// Rendering MUI and running axe over it in jsdom is slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

let english: i18n;

beforeAll(async () => {
  english = await englishI18n();
});

afterEach(cleanup);

/** The value a card shows under its name. */
function card(name: string): string {
  const term = screen.getByText(name, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('RevenueSection', () => {
  it('shows the money as the server formats it, and when the held part becomes available', async () => {
    const { container } = renderWith(english, <RevenueSection slug="riverside-stage-open-call" />, [
      revenueMock(revenue()),
    ]);
    expect(screen.getByRole('progressbar', { name: 'Loading the revenue' })).toBeTruthy();
    await screen.findByText('Applications paid');
    expect(card('Applications paid')).toBe('12');
    expect(card('Collected')).toBe('€300.00');
    expect(card('Available')).toBe('€120.00');
    expect(card('Pending')).toBe('€150.00');
    expect(card('Refunded')).toBe('€30.00');
    expect(screen.getByText('Available on Jul 8, 2026')).toBeTruthy();

    // The chart is a picture with a summary; its numbers are in a table for screen readers.
    const chart = screen.getByRole('img', { name: 'Money in and refunds' });
    expect(chart.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/€300\.00 collected and €30\.00 refunded in all/)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Money in and refunds per day' });
    const day = within(table).getByRole('row', { name: /May 3, 2026/ });
    expect(within(day).getByText('€200.00')).toBeTruthy();
    expect(within(day).getByText('€30.00')).toBeTruthy();
    expect(chart.querySelectorAll('rect')).toHaveLength(3);

    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  it('says why held money has no date yet, and draws no chart without movements', async () => {
    renderWith(english, <RevenueSection slug="riverside-stage-open-call" />, [
      revenueMock(revenue({ release_at: null, timeline: [], available: euros(0) })),
    ]);
    expect(
      await screen.findByText(
        'Held until the event has an end date and the hold after it has passed.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('No money has come in or gone back yet.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows a load error with a retry', async () => {
    renderWith(english, <RevenueSection slug="riverside-stage-open-call" />, [
      revenueMock(new Error('Network down')),
      revenueMock(revenue()),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('€300.00')).toBeTruthy();
  });
});
