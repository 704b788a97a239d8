import { HttpError } from '../../../http/errors';
import { neutralise, parseCsv, unneutralise, writeCsv } from './csv';

describe('parseCsv', () => {
  it('reads plain cells, CRLF or LF line ends, and a last line without a line end', () => {
    expect(parseCsv('a,b\r\nc,d\ne,f')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ]);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted cells', () => {
    expect(parseCsv('"a,b","say ""hi""","line 1\nline 2\r\nline 3"\r\n')).toEqual([
      ['a,b', 'say "hi"', 'line 1\nline 2\r\nline 3'],
    ]);
  });

  it('keeps empty cells, including a trailing one and an empty quoted one', () => {
    expect(parseCsv('a,,""\n,b,\n')).toEqual([
      ['a', '', ''],
      ['', 'b', ''],
    ]);
  });

  it('drops a UTF-8 BOM and blank lines, keeps unicode as it is', () => {
    expect(
      parseCsv('\uFEFFname,pw\n\n\u00e9\u00e8,\u043f\u0430\u0440\u043e\u043b\u044c\ud83d\udd11\n\n'),
    ).toEqual([
      ['name', 'pw'],
      ['\u00e9\u00e8', '\u043f\u0430\u0440\u043e\u043b\u044c\ud83d\udd11'],
    ]);
  });

  it('keeps spaces around cells and a stray quote inside an unquoted cell', () => {
    expect(parseCsv(' a , b"c \n')).toEqual([[' a ', ' b"c ']]);
  });

  it('refuses a quoted cell that never ends, naming the line it starts on', () => {
    const read = () => parseCsv('name,password\nok,fine\nbad,"no end\nstill open');
    expect(read).toThrow(HttpError);
    expect(read).toThrow('The CSV data has a quoted cell that never ends (from line 3)');
  });
});

describe('CSV injection', () => {
  it.each(['=1+1', '+44 20', '-5', '@SUM(A1)', '\tTAB', '\rCR'])(
    'neutralises %j with a leading quote',
    (v) => {
      expect(neutralise(v)).toBe(`'${v}`);
      expect(unneutralise(neutralise(v))).toBe(v);
    },
  );

  it.each(['plain', "it's", "'quoted", 'a=b', ''])('leaves %j alone', (value) => {
    expect(neutralise(value)).toBe(value);
    expect(unneutralise(value)).toBe(value);
  });

  it('round-trips a value that already starts with a quote before a formula character', () => {
    expect(neutralise("'=x")).toBe("''=x");
    expect(unneutralise("''=x")).toBe("'=x");
  });
});

describe('writeCsv', () => {
  it('writes CRLF records, quoting only cells that need it', () => {
    expect(writeCsv(['a', 'b'], [['plain', 'with,comma']])).toBe('a,b\r\nplain,"with,comma"\r\n');
  });

  it('doubles quotes and keeps line breaks inside quotes', () => {
    expect(writeCsv(['x'], [['say "hi"\nbye']])).toBe('x\r\n"say ""hi""\nbye"\r\n');
  });

  it('quotes a cell with surrounding spaces so no reader trims it', () => {
    expect(writeCsv(['x'], [[' padded ']])).toBe('x\r\n" padded "\r\n');
  });

  it('neutralises formula cells, also inside quotes', () => {
    expect(writeCsv(['x', 'y'], [['=HYPERLINK("http://evil")', '\r\nx']])).toBe(
      'x,y\r\n"\'=HYPERLINK(""http://evil"")","\'\r\nx"\r\n',
    );
  });

  it('is read back cell for cell (unicode, quotes, commas, line breaks, formulas)', () => {
    const rows = [
      ['M\u00fcnchen \ud83c\udfe6', 'p,a"s\ns', '=1+2', ''],
      ['  ', '"', ',', '\r\n'],
      ["'", "'=", '@me', '-'],
    ];
    const parsed = parseCsv(writeCsv(['a', 'b', 'c', 'd'], rows)).map((row) => row.map(unneutralise));
    expect(parsed).toEqual([['a', 'b', 'c', 'd'], ...rows]);
  });
});
