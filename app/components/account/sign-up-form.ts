/**
 * The sign-up form (SPEC §2 "Create Your Account", §3 sign-up form, §5 rules), on the form kit: one schema for the
 * browser and the action. The phone is formatted as (###)-###-#### before it is checked, so a number typed without
 * JavaScript is accepted as well.
 */
import { z } from 'zod';
import { formatPhone, passwordProblems, PHONE_PATTERN } from '../../../server/identity/public';
import { defineForm } from '../forms/form-kit';

export const SIGN_UP_ACTION = '/api/sign-up';

export const SIGN_UP_MESSAGES = {
  firstNameRequired: 'First Name Required',
  lastNameRequired: 'Last Name Required',
  invalidName: 'Please enter valid name',
  phoneRequired: 'Phone Number Required',
  phoneFormat: 'Phone Number should match this format: (123)-456-7890',
  emailRequired: 'Email Address Required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password Required',
  confirmRequired: 'Confirm Password Required',
  mismatch: 'Both passwords do not match',
  created: 'Successfully created customer!',
  verify: 'Please check your email and verify your account.',
} as const;

/** SMS offers: the consent text and the help number shown with the checkbox (SPEC §2). */
export const SMS_CONSENT =
  'By checking this box, you agree to receive recurring automated marketing text messages at the number provided. Consent is not a condition of purchase. Msg & data rates may apply. Reply STOP to cancel.';
export const SMS_HELP_NUMBER = '1-877-555-0199';

/**
 * Letters of any script, each with its combining marks (\p{L}\p{M}*: "José Núñez", "Seán", "Zoë" typed
 * decomposed), with single spaces, hyphens or apostrophes between them ("Mary Ann", "O'Neil", "O’Neil",
 * "Smith-Jones"). Digits and symbols stay out (SPEC §5 "letters only").
 */
const NAME = /^\p{L}\p{M}*(?:[ '’-]?\p{L}\p{M}*)*$/u;

/** A first or last name (SPEC §5): required, letters with single separators. */
export const name = (required: string) =>
  z
    .string({ required_error: required })
    .trim()
    .min(1, required)
    .pipe(z.string().max(50, SIGN_UP_MESSAGES.invalidName).regex(NAME, SIGN_UP_MESSAGES.invalidName));

/** SPEC §5 phone: formatted as (###)-###-#### first, so a number typed without JavaScript is accepted too. */
export const phoneNumber = () =>
  z.preprocess(
    (value) => (typeof value === 'string' ? formatPhone(value) || value : value),
    z
      .string({ required_error: SIGN_UP_MESSAGES.phoneRequired })
      .min(1, SIGN_UP_MESSAGES.phoneRequired)
      .regex(PHONE_PATTERN, SIGN_UP_MESSAGES.phoneFormat),
  );

export const signUpForm = defineForm({
  id: 'sign-up',
  idempotent: true,
  sensitive: ['password', 'confpassword'],
  schema: z
    .object({
      first_name: name(SIGN_UP_MESSAGES.firstNameRequired),
      last_name: name(SIGN_UP_MESSAGES.lastNameRequired),
      email: z
        .string({ required_error: SIGN_UP_MESSAGES.emailRequired })
        .trim()
        .min(1, SIGN_UP_MESSAGES.emailRequired)
        .pipe(z.string().max(254, SIGN_UP_MESSAGES.emailInvalid).email(SIGN_UP_MESSAGES.emailInvalid)),
      email_subscribed: z.boolean().default(false),
      phonenumber: phoneNumber(),
      sms_subscribed: z.boolean().default(false),
      password: z
        .string({ required_error: SIGN_UP_MESSAGES.passwordRequired })
        .superRefine((value, context) => {
          for (const message of passwordProblems(value)) context.addIssue({ code: 'custom', message });
        }),
      confpassword: z.string({ required_error: SIGN_UP_MESSAGES.confirmRequired }),
      /** The page the panel is open on: on the repair path the sign-in panel opens after sign-up. */
      from: z.string().max(2048).optional(),
    })
    .superRefine((value, context) => {
      if (value.password !== value.confpassword)
        context.addIssue({ code: 'custom', path: ['confpassword'], message: SIGN_UP_MESSAGES.mismatch });
    }),
});

export type SignUpValue = z.output<ReturnType<typeof signUpForm.schema>>;

/** SPEC §3 create-customer payload (a list of one) from the form's values. */
export function createCustomerPayload(value: SignUpValue) {
  return [
    {
      email: value.email,
      first_name: value.first_name,
      last_name: value.last_name,
      phone: value.phonenumber,
      email_subscribed: value.email_subscribed,
      sms_subscribed: value.sms_subscribed,
      authentication: { force_password_reset: false, new_password: value.password },
    },
  ];
}

export type CreateCustomerPayload = ReturnType<typeof createCustomerPayload>;
