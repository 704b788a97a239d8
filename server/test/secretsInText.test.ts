import { secretsFoundIn } from './secretsInText';

describe('secretsFoundIn', () => {
  it('finds a code standing as a number of its own, and any other secret anywhere', () => {
    const log =
      '{"time":1795848381111,"responseTime":14.499998,"ms":3.4999981,"msg":"code 123456 for Harbour7!Lantern"}';
    expect(secretsFoundIn(log, ['499998', '848381', '123456', 'Harbour7!Lantern', 'absent'])).toEqual([
      '123456',
      'Harbour7!Lantern',
    ]);
  });
});
