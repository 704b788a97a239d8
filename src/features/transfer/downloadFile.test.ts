import { defaultExportFilename, downloadFile, exportFileContent } from './downloadFile';
import { blobText, captureDownloads } from '../../test/transferTestKit';

describe('the export file (SPEC section 7)', () => {
  it('is named passwords_export_{ISO date}.{format} by default', () => {
    const day = new Date('2026-05-17T23:30:00.000Z');
    expect(defaultExportFilename('json', day)).toBe('passwords_export_2026-05-17.json');
    expect(defaultExportFilename('csv', day)).toBe('passwords_export_2026-05-17.csv');
  });

  it('keeps text as it is, writes an object with 2-space indentation, and has nothing for nothing', () => {
    expect(exportFileContent('a,b\r\n"c, d",e\r\n')).toBe('a,b\r\n"c, d",e\r\n');
    expect(exportFileContent({ version: 1, passwords: [{ title: 'Ü' }] })).toBe(
      '{\n  "version": 1,\n  "passwords": [\n    {\n      "title": "Ü"\n    }\n  ]\n}',
    );
    for (const empty of [undefined, null, '', '  \n', 42]) expect(exportFileContent(empty)).toBeNull();
  });

  it('is saved through a temporary link and object URL, both gone afterwards', async () => {
    const capture = captureDownloads();
    try {
      downloadFile('name,url\nÄpfel,https://a.example\n', 'mine.csv', 'csv');
      expect(capture.downloads).toHaveLength(1);
      const [file] = capture.downloads;
      expect(file.filename).toBe('mine.csv');
      expect(file.blob.type).toBe('text/csv;charset=utf-8');
      expect(await blobText(file.blob)).toBe('name,url\nÄpfel,https://a.example\n');
      expect(document.querySelector('a')).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(capture.revoked).toEqual([file.href]);
    } finally {
      capture.restore();
    }
  });
});
