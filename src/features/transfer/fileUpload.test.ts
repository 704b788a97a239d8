import { EMPTY_FILE, READ_FAILED, formatFromFileName, readImportFile } from './fileUpload';

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
