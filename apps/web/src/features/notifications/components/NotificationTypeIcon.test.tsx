import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { NOTIFICATION_TYPES } from '@encore/core';
import { NotificationTypeIcon } from './NotificationTypeIcon';

afterEach(cleanup);

/** The rendered svg and the name MUI gives it (data-testid="MoneyOffOutlinedIcon"). */
function renderIcon(type: string) {
  const { container } = render(<NotificationTypeIcon type={type} />);
  const svg = container.querySelector('svg');
  if (!svg) throw new Error(`no icon for ${type}`);
  return { svg, muiName: svg.getAttribute('data-testid') };
}

describe('NotificationTypeIcon', () => {
  it('gives every kind of notification its own icon, not the bell', () => {
    const names = NOTIFICATION_TYPES.map((type) => {
      const { svg, muiName } = renderIcon(type);
      expect(svg.getAttribute('data-type-icon'), type).toBe(type);
      cleanup();
      return muiName;
    });
    expect(new Set(names).size).toBe(NOTIFICATION_TYPES.length);
  });

  it('falls back to the bell for a kind this build does not know', () => {
    const { svg, muiName } = renderIcon('something_new');
    expect(svg.getAttribute('data-type-icon')).toBe('fallback');
    expect(muiName).toBe('NotificationsNoneOutlinedIcon');
  });

  it('is hidden from screen readers', () => {
    expect(renderIcon('payout_failed').svg.getAttribute('aria-hidden')).toBe('true');
  });
});
