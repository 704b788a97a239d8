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

describe("parseCsv on 1Password 7 for Mac's backslash-escaped quotes", () => {
  const mac = [
    '"Title","notesPlain","password","Tags","Type"',
    '"Gmail","say \\"hi\\"","p\\"w\\d","{(\n    \\"Starter Kit\\"\n)}","Login"',
    '"Note","a \\"quoted\\", and more","","","Secure Note"',
  ].join('\n');

  it('reads \\" as a quote when the RFC 4180 reading breaks the file apart', () => {
    expect(parseCsv(mac)).toEqual([
      ['Title', 'notesPlain', 'password', 'Tags', 'Type'],
      ['Gmail', 'say "hi"', 'p"w\\d', '{(\n    "Starter Kit"\n)}', 'Login'],
      ['Note', 'a "quoted", and more', '', '', 'Secure Note'],
    ]);
  });

  it('keeps the RFC 4180 reading of a valid file, even with a backslash before a closing quote', () => {
    expect(parseCsv('name,password\nshare,"C:\\temp\\"\nsay,"\\"" x"\n')).toEqual([
      ['name', 'password'],
      ['share', 'C:\\temp\\'],
      ['say', '\\" x'],
    ]);
  });

  it('keeps the RFC 4180 reading when reading \\" as a quote does not make it whole either', () => {
    // A stray quote after a closing one, and no \" at all: read as before.
    expect(parseCsv('a,b\n"x"y,z\n')).toEqual([
      ['a', 'b'],
      ['xy', 'z'],
    ]);
    // \" present, but a cell that never ends in both readings: the RFC 4180 error.
    expect(() => parseCsv('a,b\n"x\\",y\n"open')).toThrow('quoted cell that never ends');
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

  it('writes every cell as it is: neutralising is the caller’s choice, cell by cell', () => {
    expect(writeCsv(['x', 'y'], [['=HYPERLINK("http://evil")', neutralise('=HYPERLINK("x")')]])).toBe(
      'x,y\r\n"=HYPERLINK(""http://evil"")","\'=HYPERLINK(""x"")"\r\n',
    );
  });

  it('is read back cell for cell (unicode, quotes, commas, line breaks, formulas, backslashes)', () => {
    const rows = [
      ['M\u00fcnchen \ud83c\udfe6', 'p,a"s\ns', '=1+2', ''],
      ['  ', '"', ',', '\r\n'],
      ["'", "'=", '@me', '-'],
      ['\\', 'a\\"b', '\\"', 'end\\'],
    ];
    expect(parseCsv(writeCsv(['a', 'b', 'c', 'd'], rows))).toEqual([['a', 'b', 'c', 'd'], ...rows]);
  });
});
