import { IMPORT_MAX_BYTES } from '../../common/limits';
import {
  EMPTY_FILE,
  READ_FAILED,
  TOO_LARGE,
  formatFromFileName,
  isTooLargeToImport,
  readImportFile,
} from './fileUpload';

describe('an import file', () => {
  it('sets the format from its name, whatever the case', () => {
    expect(formatFromFileName('bitwarden_export.json')).toBe('json');
    expect(formatFromFileName('Chrome Passwords.CSV')).toBe('csv');
    expect(formatFromFileName('credentials.csv')).toBe('csv');
    expect(formatFromFileName('notes.txt')).toBeNull();
    expect(formatFromFileName('json')).toBeNull();
  });

  it('is read as UTF-8 text', async () => {
    await expect(readImportFile(new File(['name\nCafé ☕\n'], 'a.csv'))).resolves.toBe('name\nCafé ☕\n');
  });

  it.each([
    ['empty', ''],
    ['blank', '  \r\n\t'],
  ])('is refused when %s', async (_case, content) => {
    await expect(readImportFile(new File([content], 'a.csv'))).rejects.toThrow(EMPTY_FILE);
  });

  it('is refused before it is read or sent when it is over 20 MB, naming the limit', async () => {
    const big = new File(['x'], 'big.csv');
    Object.defineProperty(big, 'size', { value: IMPORT_MAX_BYTES + 1 });
    const read = jest.spyOn(FileReader.prototype, 'readAsText');
    try {
      await expect(readImportFile(big)).rejects.toThrow(TOO_LARGE);
      expect(read).not.toHaveBeenCalled();
    } finally {
      read.mockRestore();
    }
    expect(TOO_LARGE).toContain('20 MB');
  });

  it('counts what the request carries: escaping can take text under 20 MB over the limit', () => {
    expect(isTooLargeToImport('a'.repeat(1000))).toBe(false);
    expect(isTooLargeToImport('"'.repeat(IMPORT_MAX_BYTES / 2 + 1))).toBe(true);
    expect(isTooLargeToImport('a'.repeat(IMPORT_MAX_BYTES + 1))).toBe(true);
  });

  it('says when it cannot be read', async () => {
    const read = jest.spyOn(FileReader.prototype, 'readAsText').mockImplementation(function (
      this: FileReader,
    ) {
      setTimeout(() => this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>), 0);
    });
    try {
      await expect(readImportFile(new File(['x'], 'a.csv'))).rejects.toThrow(READ_FAILED);
    } finally {
      read.mockRestore();
    }
  });
});
