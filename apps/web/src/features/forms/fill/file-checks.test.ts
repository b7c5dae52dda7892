import { describe, expect, it } from 'vitest';
import { checkChosenFiles, describeAccepted, formatFileSize } from './file-checks';
import { field } from './test-fields';

const megabytes = (count: number) => count * 1024 * 1024;
const fileOf = (name: string, type: string, size = 1000) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('checkChosenFiles', () => {
  const demo = field({ type: 'audio', slug: 'demo', file_count: 2, file_size: 5 });

  it('refuses files of another type, too large, or one too many', () => {
    const song = fileOf('song.mp3', 'audio/mpeg');
    const photo = fileOf('photo.png', 'image/png');
    const huge = fileOf('live.wav', 'audio/wav', megabytes(6));
    const second = fileOf('b-side.ogg', 'audio/ogg');
    const third = fileOf('extra.mp3', 'audio/mpeg');
    const { accepted, refused } = checkChosenFiles(demo, [song, photo, huge, second, third], 0);
    expect(accepted).toEqual([song, second]);
    expect(refused).toEqual([
      { file: photo, reason: 'type' },
      { file: huge, reason: 'size' },
      { file: third, reason: 'count' },
    ]);
  });

  it('counts the files already given', () => {
    const { accepted, refused } = checkChosenFiles(demo, [fileOf('a.mp3', 'audio/mpeg')], 2);
    expect(accepted).toEqual([]);
    expect(refused.map((refusal) => refusal.reason)).toEqual(['count']);
  });

  it('takes the types and the 25 MB the form allows by default', () => {
    const rider = field({ type: 'attachment', slug: 'rider' });
    expect(
      checkChosenFiles(rider, [fileOf('rider.pdf', 'application/pdf', megabytes(24))], 0).accepted,
    ).toHaveLength(1);
    expect(
      checkChosenFiles(rider, [fileOf('rider.exe', 'application/x-msdownload')], 0).refused,
    ).toHaveLength(1);
    const byExtension = field({ type: 'attachment', slug: 'score', accept: ['.pdf'] });
    expect(checkChosenFiles(byExtension, [fileOf('Score.PDF', '')], 0).accepted).toHaveLength(1);
  });
});

describe('describing files', () => {
  it('names families for translation and formats as they are known', () => {
    expect(describeAccepted('image/*')).toEqual({ family: 'image' });
    expect(describeAccepted('application/pdf')).toEqual({ format: 'PDF' });
    expect(describeAccepted('.docx')).toEqual({ format: 'DOCX' });
    expect(describeAccepted('image/png')).toEqual({ format: 'PNG' });
  });

  it('formats sizes in the reader language', () => {
    expect(formatFileSize(megabytes(12.5), 'en')).toBe('12.5 MB');
    expect(formatFileSize(2048, 'en')).toBe('2 kB');
  });
});
