import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CommittedNumberField, NUMBER_COMMIT_DELAY_MS } from './CommittedNumberField';

function renderField(value: number | null, onCommit: (value: number | null) => void) {
  return render(
    <CommittedNumberField
      id="age"
      label="Age"
      value={value}
      onCommit={onCommit}
      min={0}
      max={120}
      invalidText="Enter an age from 0 to 120."
    />,
  );
}

const type = (text: string) =>
  fireEvent.change(screen.getByLabelText('Age'), { target: { value: text } });

describe('a number that changes the search', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('changes the search once typing pauses, not at every key', () => {
    const onCommit = vi.fn();
    renderField(null, onCommit);
    type('2');
    act(() => vi.advanceTimersByTime(NUMBER_COMMIT_DELAY_MS - 100));
    type('25');
    act(() => vi.advanceTimersByTime(NUMBER_COMMIT_DELAY_MS - 100));
    expect(onCommit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onCommit).toHaveBeenCalledWith(25);
  });

  it('changes it at once when the field is left, and clears it when emptied', () => {
    const onCommit = vi.fn();
    renderField(30, onCommit);
    type('');
    fireEvent.blur(screen.getByLabelText('Age'));
    expect(onCommit).toHaveBeenCalledWith(null);
    act(() => vi.advanceTimersByTime(NUMBER_COMMIT_DELAY_MS));
    expect(onCommit).toHaveBeenCalledTimes(1);
  });

  it('keeps a number out of range to itself and says why', () => {
    const onCommit = vi.fn();
    renderField(null, onCommit);
    type('130');
    act(() => vi.advanceTimersByTime(NUMBER_COMMIT_DELAY_MS));
    expect(onCommit).not.toHaveBeenCalled();
    expect(screen.getByText('Enter an age from 0 to 120.')).toBeTruthy();
  });

  it('follows the address when the value changes from outside', () => {
    const onCommit = vi.fn();
    const { rerender } = renderField(25, onCommit);
    expect((screen.getByLabelText('Age') as HTMLInputElement).value).toBe('25');
    rerender(
      <CommittedNumberField
        id="age"
        label="Age"
        value={null}
        onCommit={onCommit}
        min={0}
        max={120}
        invalidText="Enter an age from 0 to 120."
      />,
    );
    expect((screen.getByLabelText('Age') as HTMLInputElement).value).toBe('');
    expect(onCommit).not.toHaveBeenCalled();
  });
});
