/**
 * Every SPEC §5 validation message of the identity forms and the footer newsletter, from the schemas the browser
 * and the actions share (table-driven; the expected texts are written out, not taken from the code under test).
 */
import { parseWithZod } from '@conform-to/zod';
import { describe, expect, test } from 'vitest';
import { newsletterForm } from '../newsletter/newsletter-form';
import { forgotPasswordForm, newPasswordForm } from './password-reset-forms';
import { signInEmailForm, signInPasswordForm } from './sign-in-forms';
import { signUpForm } from './sign-up-form';

function errorsOf(schema: Parameters<typeof parseWithZod>[1]['schema'], fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  const submission = parseWithZod(formData, { schema });
  return submission.status === 'success' ? {} : (submission.error ?? {});
}

const RULES =
  'Please ensure your password is 8 to 20 characters long with one uppercase letter, one lowercase letter, one number and one special character. Allowed special characters are ! @ # $ ( ) [ ] . ,';

describe('newsletter', () => {
  test.each([
    [undefined, ['Email Address Required']],
    ['', ['Email Address Required']],
    ['   ', ['Email Address Required']],
    ['trail@', ['Invalid email address']],
    ['trail.example.com', ['Invalid email address']],
    [`${'a'.repeat(243)}@example.com`, ['Invalid email address']], // 255 characters: over RFC 5321's 254
    [`${'a'.repeat(242)}@example.com`, undefined],
    ['  trail@example.com ', undefined],
  ])('%j → %j', (email, expected) => {
    expect(errorsOf(newsletterForm.schema(), email === undefined ? {} : { email }).email).toEqual(expected);
  });
});

describe('sign-in e-mail step', () => {
  test.each([
    ['', ['Email is required']],
    ['   ', ['Email is required']],
    ['not-an-address', ['Email is required']],
    ['casey@example.com', undefined],
  ])('%j → %j', (email, expected) => {
    expect(errorsOf(signInEmailForm.schema(), { email }).email).toEqual(expected);
  });
});

describe('sign-in password step', () => {
  test.each([
    ['', ['Password is required']],
    ['Short1!', ['Please enter valid Password']],
    ['ThisIsFarTooLong#2026x', ['Please enter valid Password']],
    ['Outdoors#2026', undefined],
  ])('%j → %j', (password, expected) => {
    expect(errorsOf(signInPasswordForm.schema(), { password }).password).toEqual(expected);
  });
});

const VALID = {
  first_name: 'Casey',
  last_name: "O'Neil",
  email: 'casey@example.com',
  phonenumber: '(406)-555-0101',
  password: 'Outdoors#2026',
  confpassword: 'Outdoors#2026',
};

describe('sign-up', () => {
  test.each([
    ['first_name', '', ['First Name Required']],
    ['first_name', 'J0hn', ['Please enter valid name']],
    ['first_name', 'Mary Ann', undefined],
    ['last_name', '', ['Last Name Required']],
    ['last_name', 'Smith_', ['Please enter valid name']],
    ['last_name', 'Smith-Jones', undefined],
    ['email', '', ['Email Address Required']],
    ['email', 'casey@', ['Invalid email address']],
    ['email', '   ', ['Email Address Required']],
    ['first_name', '  ', ['First Name Required']],
    ['phonenumber', '', ['Phone Number Required']],
    ['phonenumber', '406555', ['Phone Number should match this format: (123)-456-7890']],
    ['phonenumber', '4065550101', undefined], // formatted to (406)-555-0101 before the check
    ['password', '', ['Password Required']],
    [
      'password',
      'aaa',
      [RULES, 'Can only repeat the same character 2 times in a row.', 'Must include 5 unique characters.'],
    ],
    ['password', 'Outdoors%2026', [RULES]],
    ['confpassword', '', ['Confirm Password Required']],
    ['confpassword', 'Outdoors#2027', ['Both passwords do not match']],
  ])('%s %j → %j', (field, value, expected) => {
    const fields: Record<string, string> = { ...VALID, [field]: value };
    if (field === 'password' && value !== '') fields.confpassword = value;
    expect(errorsOf(signUpForm.schema(), fields)[field]).toEqual(expected);
  });

  // Issue 24 §6: letters are letters in any script; digits and symbols keep SPEC §5's message.
  test.each([
    ['José', undefined],
    ['Núñez', undefined],
    ['José Núñez', undefined],
    ['Seán', undefined],
    ['Sea\u0301n', undefined], // the accent typed as a combining mark
    ['Zoë', undefined],
    ['Łukasz', undefined],
    ['Ærøskøbing', undefined],
    ['Дмитрий', undefined],
    ['Ζωή', undefined],
    ['美咲', undefined],
    ['O’Neil', undefined],
    ["D'Arcy-Smith", undefined],
    ['Anne Marie', undefined],
    ['J0hn', ['Please enter valid name']],
    ['Seán2', ['Please enter valid name']],
    ['José!', ['Please enter valid name']],
    ['Ann  Marie', ['Please enter valid name']],
    ['-Ann', ['Please enter valid name']],
    ['Ann-', ['Please enter valid name']],
    ['\u0301Ann', ['Please enter valid name']],
    ['Ann_Lee', ['Please enter valid name']],
    ['😀', ['Please enter valid name']],
  ])('first and last name %j → %j', (value, expected) => {
    expect(errorsOf(signUpForm.schema(), { ...VALID, first_name: value }).first_name).toEqual(expected);
    expect(errorsOf(signUpForm.schema(), { ...VALID, last_name: value }).last_name).toEqual(expected);
  });

  test('offers: e-mail on and SMS off unless ticked', () => {
    const formData = new FormData();
    for (const [name, value] of Object.entries(VALID)) formData.append(name, value);
    formData.append('email_subscribed', 'on');
    const submission = parseWithZod(formData, { schema: signUpForm.schema() });
    expect(submission.status).toBe('success');
    if (submission.status === 'success') {
      expect(submission.value).toMatchObject({
        email_subscribed: true,
        sms_subscribed: false,
        phonenumber: '(406)-555-0101',
      });
    }
  });
});

describe('forgot password', () => {
  test.each([
    ['', ['Email Address is required']],
    ['casey@', ['Invalid email address']],
    ['casey@example.com', undefined],
  ])('%j → %j', (email, expected) => {
    expect(errorsOf(forgotPasswordForm.schema(), { email }).email).toEqual(expected);
  });
});

describe('new password (the shared check)', () => {
  test.each([
    ['password', '', ['*Required']],
    ['password', 'Abbb1!cde', ['Can only repeat the same character 2 times in a row.']],
    ['confpassword', 'Other#2026', ['Both passwords do not match']],
    ['confpassword', '', ['Confirm Password Required']],
  ])('%s %j → %j', (field, value, expected) => {
    const fields: Record<string, string> = {
      token: 'abc',
      password: 'Fresh#Trail2026',
      confpassword: 'Fresh#Trail2026',
    };
    fields[field] = value;
    if (field === 'password' && value !== '') fields.confpassword = value;
    expect(errorsOf(newPasswordForm.schema(), fields)[field]).toEqual(expected);
  });
});
