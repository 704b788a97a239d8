// The code mails: plain text, the code as the only 6-digit number in subject and body, and how long it lasts.
// Nothing the user typed goes into them (no names), so nobody can use the form to mail others their words.
import { OTP_TTL_MINUTES } from '../../../src/common/constants';
import type { MailMessage } from '../../mail/mailer';

const PRODUCT = 'PassVault';

export function registrationMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `Your ${PRODUCT} verification code is ${code}`,
    text: [
      'Welcome to PassVault.',
      '',
      `Your verification code is: ${code}`,
      '',
      `Enter it on the verification page to finish creating your account. The code expires in ${OTP_TTL_MINUTES} minutes and works once.`,
      '',
      'If you did not ask to create a PassVault account, ignore this e-mail: no account is created without the code.',
      '',
    ].join('\n'),
  };
}

export function passwordResetMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `Your ${PRODUCT} password reset code is ${code}`,
    text: [
      'Someone asked to reset the password of your PassVault account.',
      '',
      `Your password reset code is: ${code}`,
      '',
      `Enter it on the reset page to choose a new password. The code expires in ${OTP_TTL_MINUTES} minutes and works once.`,
      'Resetting the password signs you out on every device. Your master password and your vault stay as they are.',
      '',
      'If you did not ask for this, ignore this e-mail: your password stays unchanged.',
      '',
    ].join('\n'),
  };
}

/** To the address of a registration whose code was guessed wrong too often today. */
export function registrationCodesAlertMail(to: string): MailMessage {
  return {
    to,
    subject: `${PRODUCT} security alert: many wrong registration codes`,
    text: [
      'Someone entered many wrong verification codes today for a PassVault registration with this address,',
      'so more are refused until tomorrow.',
      '',
      'If you are registering, wait a day or start over with a new registration. If you are not, ignore this',
      'e-mail: no account is created without the code we sent you.',
      '',
    ].join('\n'),
  };
}

/** An invitation to register on a server where sign-up is not open to everyone. */
export function invitationMail(to: string, link: string, expiresAt: string): MailMessage {
  return {
    to,
    subject: `You are invited to ${PRODUCT}`,
    text: [
      `You are invited to create a ${PRODUCT} account with this e-mail address.`,
      '',
      `Open this link to register: ${link}`,
      '',
      `The link works once, for this address only, until ${expiresAt.slice(0, 16).replace('T', ' ')} UTC.`,
      '',
      'If you did not expect this invitation, ignore this e-mail.',
      '',
    ].join('\n'),
  };
}
