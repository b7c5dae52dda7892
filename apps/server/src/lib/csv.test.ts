import { describe, expect, it } from 'vitest';
import { csvCell, csvRecord } from './csv';

describe('csvRecord', () => {
  it('leaves plain cells bare and ends the record in CRLF', () => {
    expect(csvRecord(['RPN-KJR54P', 'Chloé Nakamura', '', '4.5'])).toBe(
      'RPN-KJR54P,Chloé Nakamura,,4.5\r\n',
    );
  });

  it('quotes a cell holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('Porto, Portugal')).toBe('"Porto, Portugal"');
    expect(csvCell('The "Harbour" Lights')).toBe('"The ""Harbour"" Lights"');
    expect(csvCell('take 1.mp3\ntake 2.mp3')).toBe('"take 1.mp3\ntake 2.mp3"');
    expect(csvCell('line\r\nbreak')).toBe('"line\r\nbreak"');
    expect(csvRecord(['a,b', 'c'])).toBe('"a,b",c\r\n');
  });

  it('writes an empty record as a lone line break', () => {
    expect(csvRecord([])).toBe('\r\n');
  });
});
