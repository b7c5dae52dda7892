import { describe, expect, it } from 'vitest';
import { asciiFallback, contentDisposition, downloadName, sanitizeFileName } from './files.names';
import { formatFileSize, isAccepted, isUtf8Text } from './files.rules';

describe('sanitizeFileName', () => {
  it.each([
    ['Café – démo.png', 'Café – démo.png'],
    ['C:\\Users\\me\\Desktop\\cv.pdf', 'cv.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['bad\u0000name\u0007.txt', 'badname.txt'],
    ['invoice\u202Egpj.exe', 'invoicegpj.exe'],
    ['  lots   of\tspace .mp3 ', 'lots of space .mp3'],
    ['Cafe\u0301.png', 'Café.png'],
    ['', 'file'],
    ['..', 'file'],
    ['/', 'file'],
  ])('%j -> %j', (given, expected) => {
    expect(sanitizeFileName(given)).toBe(expected);
  });

  it('shortens a long name and keeps its extension', () => {
    const name = sanitizeFileName(`${'é'.repeat(300)}.flac`);
    expect([...name]).toHaveLength(200);
    expect(name.endsWith('.flac')).toBe(true);
  });
});

describe('downloadName', () => {
  it('gives the name the extension of the sniffed type', () => {
    expect(downloadName('song.mp3', 'png')).toBe('song.png');
    expect(downloadName('photo.JPG', 'jpg')).toBe('photo.JPG');
    expect(downloadName('photo.jpeg', 'jpg')).toBe('photo.jpeg');
    expect(downloadName('README', 'txt')).toBe('README.txt');
  });
});

describe('contentDisposition', () => {
  it('sends an ASCII fallback and the UTF-8 name', () => {
    expect(asciiFallback('Café – démo "final".png')).toBe('Cafe - demo _final_.png');
    expect(contentDisposition('attachment', 'Café – démo.png')).toBe(
      `attachment; filename="Cafe - demo.png"; filename*=UTF-8''Caf%C3%A9%20%E2%80%93%20d%C3%A9mo.png`,
    );
    // A name that is a plain token needs no quotes (RFC 6266).
    expect(contentDisposition('inline', 'photo.png')).toBe('inline; filename=photo.png');
    expect(contentDisposition('attachment', 'my photo.png')).toBe(
      'attachment; filename="my photo.png"',
    );
    expect(contentDisposition('attachment', '日本.pdf')).toBe(
      `attachment; filename=__.pdf; filename*=UTF-8''%E6%97%A5%E6%9C%AC.pdf`,
    );
  });
});

describe('upload rules', () => {
  it('matches types and families, ignoring parameters', () => {
    expect(isAccepted(['image/*'], 'image/png')).toBe(true);
    expect(isAccepted(['audio/*'], 'audio/ogg; codecs=opus')).toBe(true);
    expect(isAccepted(['application/pdf'], 'application/pdfx')).toBe(false);
    expect(isAccepted(['image/*'], 'imagex/png')).toBe(false);
  });

  it('tells UTF-8 text from binary', () => {
    expect(isUtf8Text(Buffer.from('Grüße\r\n\tà tous'))).toBe(true);
    expect(isUtf8Text(Buffer.from([0xc3, 0x28]))).toBe(false);
    expect(isUtf8Text(Buffer.from('text\u0000more'))).toBe(false);
  });

  it('formats sizes in the caller language', () => {
    expect(formatFileSize(10 * 1024 * 1024, 'en')).toBe('10 MB');
    expect(formatFileSize(512 * 1024, 'en')).toBe('512 kB');
    expect(formatFileSize(25 * 1024 * 1024, 'fr')).toMatch(/^25\sMo$/);
  });
});
