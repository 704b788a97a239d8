// The mail with the code that lifts a pause of master-password unlocking. Like every code mail: plain
// text, the code as the only 6-digit number, nothing the user typed.
import { OTP_TTL_MINUTES } from '../../../src/common/constants';
import type { MailMessage } from '../../mail/mailer';

export function masterUnlockMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `Your PassVault unlock code is ${code}`,
    text: [
      'Unlocking your PassVault vault is paused after too many wrong master passwords.',
      '',
      `Your unlock code is: ${code}`,
      '',
      `Enter it in the master password dialog to unlock your vault again. The code expires in ${OTP_TTL_MINUTES} minutes and works once.`,
      '',
      'If you did not ask for this code, someone who knows your account password is trying to guess your',
      'master password: change your account password now (Settings, Security) and turn on two-factor',
      'authentication.',
      '',
    ].join('\n'),
  };
}
